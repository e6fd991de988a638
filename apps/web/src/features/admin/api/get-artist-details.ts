/** `GET /api/admin/artists/{artistId}`: the View Details panel (cards, songs with history, payment attempts). */
import { AdminArtistDetailsSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useReadEvery } from "@/lib/read-every";
import { ADMIN_DATA_UNPOLLED } from "./get-admin-payments";
import { adminKeys } from "./admin-keys";

export const getArtistDetails = (artistId: string, signal?: AbortSignal) =>
  api.get(`/api/admin/artists/${encodeURIComponent(artistId)}`, AdminArtistDetailsSchema, { signal });

export const useArtistDetails = (artistId: string | null) =>
  useReadEvery(artistId ? adminKeys.artist(artistId) : null, () => getArtistDetails(artistId!), ADMIN_DATA_UNPOLLED);
