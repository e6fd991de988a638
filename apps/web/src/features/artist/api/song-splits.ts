/**
 * A song's royalty split on the artist page (docs/splits.md): `GET /api/artist/{token}/songs/{songId}/splits`
 * read when its "Splits" disclosure is first opened, and `PUT` to save a new one, whose answer (the split
 * now in force) replaces the one shown.
 */
import { type SaveSongSplitRequest, type SongSplitResponse, SongSplitResponseSchema } from "@jplay/schema/splits";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "@/lib/query";

const splitsPath = (token: string, songId: string) => `/api/artist/${encodeURIComponent(token)}/songs/${encodeURIComponent(songId)}/splits`;
const splitKey = (token: string, songId: string) => ["artist", "splits", token, songId];

export const useSongSplit = (token: string, songId: string, enabled: boolean) =>
  useQuery({ queryKey: splitKey(token, songId), queryFn: () => api.get(splitsPath(token, songId), SongSplitResponseSchema), enabled });

export const useSaveSongSplit = (token: string, songId: string) =>
  useMutation({
    mutationFn: (split: SaveSongSplitRequest) => api.put(splitsPath(token, songId), SongSplitResponseSchema, split),
    onSuccess: (answer) => queryClient.setQueryData<SongSplitResponse>(splitKey(token, songId), answer),
  });
