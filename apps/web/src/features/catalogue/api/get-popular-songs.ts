import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";

/** Distributed songs, most purchased first. */
export const getPopularSongs = (signal?: AbortSignal): Promise<SongDto[]> =>
  api.get<SongDto[]>("/api/songs/popular", { signal });

export const popularSongsQueryOptions = () =>
  queryOptions({
    queryKey: ["songs", "popular"],
    queryFn: ({ signal }) => getPopularSongs(signal),
  });

export const usePopularSongs = () => useQuery(popularSongsQueryOptions());
