import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";

/** One song by id; throws ApiError 404 when it does not exist. */
export const getSong = (songId: string, signal?: AbortSignal): Promise<SongDto> =>
  api.get<SongDto>(`/api/songs/${encodeURIComponent(songId)}`, { signal });

export const songQueryOptions = (songId: string) =>
  queryOptions({
    queryKey: ["songs", "detail", songId],
    queryFn: ({ signal }) => getSong(songId, signal),
  });

export const useSong = (songId: string | null | undefined) =>
  useQuery({ ...songQueryOptions(songId ?? ""), enabled: Boolean(songId) });
