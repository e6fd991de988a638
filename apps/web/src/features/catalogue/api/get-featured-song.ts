import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";

/** The featured song, or null when there is none. */
export const getFeaturedSong = (signal?: AbortSignal): Promise<SongDto | null> =>
  api.get<SongDto | null>("/api/songs/featured", { signal });

export const featuredSongQueryOptions = () =>
  queryOptions({
    queryKey: ["songs", "featured"],
    queryFn: ({ signal }) => getFeaturedSong(signal),
  });

export const useFeaturedSong = () => useQuery(featuredSongQueryOptions());
