/**
 * `POST /api/artist/{token}/revoke-links`: every link to the artist's page stops working and a new
 * one is answered, which the Worker also keeps in this browser's cookie. This browser keeps it in
 * storage too (as it kept the first, for the confirmation screen); the page is read again (its
 * link's expiry is the new link's).
 */
import { RevokeArtistLinksResponseSchema } from "@jplay/schema/artist";
import { api } from "@/lib/api-client";
import { storage } from "@/lib/storage";
import { ARTIST_PAGE_URL_KEY } from "@/lib/kept-after-payment";
import { useWrite } from "@/lib/use-write";
import { invalidateArtistPage } from "./get-artist-page";

export const revokeArtistLinks = (token: string) => api.post(`/api/artist/${encodeURIComponent(token)}/revoke-links`, RevokeArtistLinksResponseSchema);

export const useRevokeArtistLinks = (token: string) =>
  useWrite(() => revokeArtistLinks(token), {
    onSuccess: ({ artistPageUrl }) => {
      storage.set(ARTIST_PAGE_URL_KEY, artistPageUrl);
      void invalidateArtistPage(token);
    },
  });
