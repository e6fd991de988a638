/**
 * What a payment leaves in this browser for later screens (docs/product.md, Data; docs/decisions/028-artist-journey.md):
 * the flags behind Home's success banner. Shared storage keys, here once so the payment screens that
 * write them and the screens that read them cannot disagree. The artist's private page link is not
 * among them: the Worker keeps it in an HttpOnly cookie, out of any script's reach
 * (docs/decisions/088-leaks-and-cheap-reads.md).
 */
import { storage } from "./storage";

/** Local flags set after a successful distribution (docs/product.md, Data). */
export const DISTRIBUTION_SUCCESS_KEY = "distributionSuccess";
export const DISTRIBUTED_SONG_ID_KEY = "distributedSongId";

/** Where earlier versions of the app kept the artist's private page link: cleared wherever it is found. */
const OLD_ARTIST_PAGE_URL_KEY = "artistPageUrl";

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

/** Removes a page link an earlier version of the app left in local storage (run at every page's start). */
export function forgetStoredArtistLink(): void {
  storage.remove(OLD_ARTIST_PAGE_URL_KEY);
}
