/**
 * `GET /api/artist/{token}`: everything the artist's private page shows. A revoked or unknown link
 * answers 404 (ApiError.status), which the page tells apart from other failures.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ArtistPageResponseSchema } from "@jplay/schema/artist";
import { api } from "@/lib/api-client";

export const getArtistPage = (token: string, signal?: AbortSignal) =>
  api.get(`/api/artist/${encodeURIComponent(token)}`, ArtistPageResponseSchema, { signal });

export const artistPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["artist", "page", token],
    queryFn: ({ signal }) => getArtistPage(token, signal),
  });

export const useArtistPage = (token: string) => useQuery(artistPageQueryOptions(token));
