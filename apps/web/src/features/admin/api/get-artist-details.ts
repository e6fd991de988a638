/** `GET /api/admin/artists/{artistId}`: the View Details panel (cards, songs with history, payment attempts). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminArtistDetailsSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { ADMIN_DATA_STALE_MS } from "./get-admin-payments";
import { adminKeys } from "./admin-keys";

export const getArtistDetails = (artistId: string, signal?: AbortSignal) =>
  api.get(`/api/admin/artists/${encodeURIComponent(artistId)}`, AdminArtistDetailsSchema, { signal });

export const artistDetailsQueryOptions = (artistId: string) =>
  queryOptions({
    queryKey: adminKeys.artist(artistId),
    queryFn: ({ signal }) => getArtistDetails(artistId, signal),
    staleTime: ADMIN_DATA_STALE_MS,
  });

export const useArtistDetails = (artistId: string | null) =>
  useQuery({ ...artistDetailsQueryOptions(artistId ?? ""), enabled: Boolean(artistId) });
