/**
 * The Catalogue tab's songs (`GET /api/admin/catalogue?q=`) and the operator's changes to them:
 * take down, restore (`POST /api/admin/songs/{id}/takedown|restore`) and the featured song
 * (`POST /api/admin/featured`). After each change, also after a refusal (another operator may have
 * acted meanwhile), every search is read again, and the Messages tab (a takedown texts the artist).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AdminCatalogueResponseSchema, FeaturedSongResponseSchema, type TakedownKind, TakedownResponseSchema } from "@jplay/schema/catalogue-control";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const useAdminCatalogue = (query: string) =>
  useQuery({
    queryKey: adminKeys.catalogue(query),
    queryFn: ({ signal }) => api.get(`/api/admin/catalogue?q=${encodeURIComponent(query)}`, AdminCatalogueResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
    placeholderData: keepPreviousData,
  });

const songPath = (songId: string, action: "takedown" | "restore") => `/api/admin/songs/${encodeURIComponent(songId)}/${action}`;

function useCatalogueChange<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.catalogue() }), queryClient.invalidateQueries({ queryKey: adminKeys.messages() })]),
  });
}

export const useTakeDownSong = () =>
  useCatalogueChange(({ songId, reason, kind = "content" }: { songId: string; reason: string; kind?: TakedownKind }) =>
    api.post(songPath(songId, "takedown"), TakedownResponseSchema, { reason, kind }),
  );

export const useRestoreSong = () => useCatalogueChange((songId: string) => api.post(songPath(songId, "restore"), TakedownResponseSchema));

export const useSetFeaturedSong = () => useCatalogueChange((songId: string | null) => api.post("/api/admin/featured", FeaturedSongResponseSchema, { songId }));
