/**
 * What a payment leaves in this browser for later screens (docs/product.md, Data; docs/decisions/028-artist-journey.md):
 * the flags behind Home's success banner, and the artist's private page link. Shared storage keys,
 * here once so the payment screens that write them and the screens that read them cannot disagree.
 */
import { storage } from "./storage";

/** Local flags set after a successful distribution (docs/product.md, Data). */
export const DISTRIBUTION_SUCCESS_KEY = "distributionSuccess";
export const DISTRIBUTED_SONG_ID_KEY = "distributedSongId";

/** Set once a card is saved (and by a fresh link): the artist's private page. */
export const ARTIST_PAGE_URL_KEY = "artistPageUrl";

export function keepDistributedSong(songId: string): void {
  storage.set(DISTRIBUTION_SUCCESS_KEY, "true");
  storage.set(DISTRIBUTED_SONG_ID_KEY, songId);
}

/** The song a distribution just paid for, while its flags are kept. */
export function readDistributedSongId(): string | null {
  if (storage.get(DISTRIBUTION_SUCCESS_KEY) !== "true") return null;
  return storage.get(DISTRIBUTED_SONG_ID_KEY) || null;
}

export function forgetDistributedSong(): void {
  storage.remove(DISTRIBUTION_SUCCESS_KEY);
  storage.remove(DISTRIBUTED_SONG_ID_KEY);
}

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
