/**
 * `GET /api/artist/{token}`: everything the artist's private page shows. A revoked or unknown link
 * answers 404 (ApiError.status), which the page tells apart from other failures. Read through the
 * one read cache (lib/read-cache.ts, docs/decisions/074-one-read-cache.md).
 */
import { ArtistPageResponseSchema } from "@jplay/schema/artist";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { invalidate } from "@/lib/query";

export const getArtistPage = (token: string) => api.get(`/api/artist/${encodeURIComponent(token)}`, ArtistPageResponseSchema);

const artistPageKey = (token: string) => ["artist", "page", token];

export const useArtistPage = (token: string) => useQuery({ queryKey: artistPageKey(token), queryFn: () => getArtistPage(token) });

/** After a write that changes the page (a browser signed out, the links revoked): it is read again. */
export const invalidateArtistPage = (token: string) => invalidate(artistPageKey(token));
