/** `GET /api/admin/artists/{artistId}`: the View Details panel (cards, songs with history, payment attempts). */
import { AdminArtistDetailsSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_UNPOLLED } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getArtistDetails = (artistId: string, signal?: AbortSignal) =>
  api.get(`/api/admin/artists/${encodeURIComponent(artistId)}`, AdminArtistDetailsSchema, { signal });

export const useArtistDetails = (artistId: string | null) =>
  useQuery({
    queryKey: adminKeys.artist(artistId ?? ""),
    queryFn: ({ signal }) => getArtistDetails(artistId!, signal),
    enabled: artistId !== null && artistId !== "",
    ...ADMIN_UNPOLLED,
  });
