/**
 * The way to this browser's artist page (docs/decisions/028-artist-journey.md): the link kept in
 * local storage when the card was saved, or, when it was lost, a fresh one from
 * `POST /api/me/artist-link` (the session cookie proves the artist), kept for next time.
 */
import { MyArtistLinkResponseSchema } from "@jplay/schema/me";
import { api } from "@/lib/api-client";
import { storage } from "@/lib/storage";
import { ARTIST_PAGE_URL_KEY, readArtistPageUrl } from "@/lib/kept-after-payment";

export async function myArtistPageUrl(): Promise<string> {
  const kept = readArtistPageUrl();
  if (kept) return kept;
  const { artistPageUrl } = await api.post("/api/me/artist-link", MyArtistLinkResponseSchema);
  storage.set(ARTIST_PAGE_URL_KEY, artistPageUrl);
  return new URL(artistPageUrl, window.location.origin).href;
}

/** The private token in an artist page URL (`…/artist/{token}`), or null for any other URL. */
export function artistTokenOf(url: string): string | null {
  const match = /^\/artist\/([^/?#]+)$/.exec(new URL(url, window.location.origin).pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}
