/**
 * What every successful way of paying leaves behind (docs/product.md, Data; States and flows): the local flags the
 * home page's success banner reads. Written in one place so the offer, inline and recovery payments
 * cannot disagree on the keys.
 */
import { storage } from "@/lib/storage";
import { refreshMe } from "@/features/me/api/get-me";
import { DISTRIBUTED_SONG_ID_KEY, DISTRIBUTION_SUCCESS_KEY } from "@/features/catalogue/components/success-banner";

export function markDistributionSuccess(songId: string) {
  storage.set(DISTRIBUTION_SUCCESS_KEY, "true");
  storage.set(DISTRIBUTED_SONG_ID_KEY, songId);
  refreshMe(); // the song is paid now: "Your songs" and "Get paid" read it again
}

/** Set by the payment-setup work once a card is saved: the artist's private page, if any. */
export const ARTIST_PAGE_URL_KEY = "artistPageUrl";

/** A same-origin or https URL only, so a tampered value cannot become a javascript: link. */
export function readArtistPageUrl(): string | null {
  const value = storage.get(ARTIST_PAGE_URL_KEY);
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === "https:" || url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/** docs/product.md, Prices and limits: a declined payment leads to the recovery offer after this long. */
export const DECLINE_REDIRECT_MS = 1_500;
