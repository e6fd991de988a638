import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";

/** Distributed songs, newest first. */
export const getRecentSongs = (signal?: AbortSignal): Promise<SongDto[]> =>
  api.get<SongDto[]>("/api/songs/recent", { signal });

export const recentSongsQueryOptions = () =>
  queryOptions({
    queryKey: ["songs", "recent"],
    queryFn: ({ signal }) => getRecentSongs(signal),
  });

export const useRecentSongs = () => useQuery(recentSongsQueryOptions());
