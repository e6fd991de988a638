/**
 * The Catalogue tab's songs (`GET /api/admin/catalogue?q=`) and the operator's changes to them:
 * take down, restore (`POST /api/admin/songs/{id}/takedown|restore`) and the featured song
 * (`POST /api/admin/featured`). After each change, also after a refusal (another operator may have
 * acted meanwhile), every search is read again, and the Messages tab (a takedown texts the artist).
 */
import { AdminCatalogueResponseSchema, FeaturedSongResponseSchema, type TakedownKind, TakedownResponseSchema } from "@jplay/schema/catalogue-control";
import { api } from "@/lib/api-client";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_UNPOLLED, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useAdminCatalogue = (query: string) =>
  useQuery({
    queryKey: adminKeys.catalogue(query),
    queryFn: ({ signal }) => api.get(`/api/admin/catalogue?q=${encodeURIComponent(query)}`, AdminCatalogueResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    ...ADMIN_UNPOLLED,
  });

const songPath = (songId: string, action: "takedown" | "restore") => `/api/admin/songs/${encodeURIComponent(songId)}/${action}`;

function useCatalogueChange<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  return useMutation({ mutationFn: call, onSettled: () => invalidate(adminKeys.catalogue(), adminKeys.messages()) });
}

export const useTakeDownSong = () =>
  useCatalogueChange(({ songId, reason, kind = "content" }: { songId: string; reason: string; kind?: TakedownKind }) =>
    api.post(songPath(songId, "takedown"), TakedownResponseSchema, { reason, kind }),
  );

export const useRestoreSong = () => useCatalogueChange((songId: string) => api.post(songPath(songId, "restore"), TakedownResponseSchema));

export const useSetFeaturedSong = () => useCatalogueChange((songId: string | null) => api.post("/api/admin/featured", FeaturedSongResponseSchema, { songId }));
