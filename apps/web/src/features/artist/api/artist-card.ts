/**
 * The card on the artist's page: `GET /api/artist/{token}/card` (the default card),
 * `POST …/card/setup-intent` (a SetupIntent for the new card) and `POST …/card {setupIntentId}`
 * (the confirmed card becomes the default). Replacing refreshes the shown card.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArtistCardResponseSchema, ReplacedCardResponseSchema } from "@jplay/schema/artist";
import { ClientSecretResponseSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";

export interface ArtistCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const path = (token: string) => `/api/artist/${encodeURIComponent(token)}/card`;

export const artistCardQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["artist", token, "card"], queryFn: ({ signal }) => api.get(path(token), ArtistCardResponseSchema, { signal }) });

export const useArtistCard = (token: string) => useQuery(artistCardQueryOptions(token));

export const startCardReplacement = (token: string) => api.post(`${path(token)}/setup-intent`, ClientSecretResponseSchema);

export const useFinishCardReplacement = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) => api.post(path(token), ReplacedCardResponseSchema, { setupIntentId }),
    onSuccess: (answer) => queryClient.setQueryData(artistCardQueryOptions(token).queryKey, answer),
  });
};
