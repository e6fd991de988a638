/**
 * `POST /api/admin/artists/{artistId}/end-sessions`: signs the artist out of every browser (a lost
 * phone, a shared computer). The artist's details are read again, so the panel shows none left.
 */
import { EndArtistSessionsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const endArtistSessions = (artistId: string) =>
  api.post(`/api/admin/artists/${encodeURIComponent(artistId)}/end-sessions`, EndArtistSessionsResponseSchema);

export const useEndArtistSessions = (artistId: string) =>
  useMutation({ mutationFn: () => endArtistSessions(artistId), onSettled: () => invalidate(adminKeys.artist(artistId)) });
