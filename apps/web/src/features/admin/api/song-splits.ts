/**
 * A song's royalty splits for the operator (docs/splits.md, Admin): `GET /api/admin/songs/{songId}/splits`
 * (every version, newest first) and `GET /api/admin/collaborators/{collaboratorId}` (one collaborator's
 * balances and payouts), each read when its disclosure is first opened.
 */
import { AdminCollaboratorDetailsSchema, AdminSongSplitsResponseSchema } from "@jplay/schema/splits";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ADMIN_UNPOLLED } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useSongSplits = (songId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.songSplits(songId),
    queryFn: ({ signal }) => api.get(`/api/admin/songs/${encodeURIComponent(songId)}/splits`, AdminSongSplitsResponseSchema, { signal }),
    enabled,
    ...ADMIN_UNPOLLED,
  });

export const useCollaboratorDetails = (collaboratorId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.collaborator(collaboratorId),
    queryFn: ({ signal }) => api.get(`/api/admin/collaborators/${encodeURIComponent(collaboratorId)}`, AdminCollaboratorDetailsSchema, { signal }),
    enabled,
    ...ADMIN_UNPOLLED,
  });
