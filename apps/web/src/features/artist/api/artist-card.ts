/**
 * The card on the artist's page: `GET /api/artist/{token}/card` (the default card),
 * `POST …/card/setup-intent` (a SetupIntent for the new card) and `POST …/card {setupIntentId}`
 * (the confirmed card becomes the default). Replacing puts the new card in the shown one's read.
 */
import { type ArtistCardResponse, ArtistCardResponseSchema, ReplacedCardResponseSchema } from "@jplay/schema/artist";
import { ClientSecretResponseSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "@/lib/query";

export interface ArtistCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const path = (token: string) => `/api/artist/${encodeURIComponent(token)}/card`;

const artistCardKey = (token: string) => ["artist", "card", token];

export const useArtistCard = (token: string) => useQuery({ queryKey: artistCardKey(token), queryFn: () => api.get(path(token), ArtistCardResponseSchema) });

export const startCardReplacement = (token: string) => api.post(`${path(token)}/setup-intent`, ClientSecretResponseSchema);

export const useFinishCardReplacement = (token: string) =>
  useMutation({
    mutationFn: (setupIntentId: string) => api.post(path(token), ReplacedCardResponseSchema, { setupIntentId }),
    onSuccess: (answer) => queryClient.setQueryData<ArtistCardResponse>(artistCardKey(token), answer),
  });
