/**
 * `POST /api/artist/{token}/revoke-links`: every link to the artist's page stops working and a new
 * one is answered, which the Worker also keeps in this browser's HttpOnly cookie; the page shows it once
 * for the artist to keep and stores it nowhere (docs/decisions/088-leaks-and-cheap-reads.md). The page
 * is read again (its link's expiry is the new link's).
 */
import { RevokeArtistLinksResponseSchema } from "@jplay/schema/artist";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { invalidateArtistPage } from "./get-artist-page";

export const revokeArtistLinks = (token: string) => api.post(`/api/artist/${encodeURIComponent(token)}/revoke-links`, RevokeArtistLinksResponseSchema);

export const useRevokeArtistLinks = (token: string) =>
  useMutation({
    mutationFn: () => revokeArtistLinks(token),
    onSuccess: () => {
      void invalidateArtistPage(token);
    },
  });
