/**
 * The songs saved for later, kept in localStorage as likes are (lib/stored-list.ts), without React:
 * "wishlistSongs" holds the songs themselves, newest saved first. The "Save for later" toggle
 * (wishlist.ts) and a tap on it before its island runs (src/early-taps.ts) both change them here, and
 * each save is counted for the song's artist (`POST /api/songs/{id}/saves`): a count per song and day,
 * nothing about the listener. Sent in the song's own catalogue scope (its media URL carries the
 * facility), without the API client, and dropped when the tablet is offline.
 */
import type { SongDto } from "@jplay/schema/song";
import { storedList } from "@/lib/stored-list";

const WISHLIST_KEY = "wishlistSongs";

const isSong = (song: unknown): song is SongDto => typeof song === "object" && song !== null && typeof (song as SongDto).id === "string";

/** The kept songs, newest saved first (lib/stored-list.ts). */
export const wishlist = storedList(WISHLIST_KEY, isSong);

/** Tells the Worker a listener saved `song`; a count only, so a failure is not the listener's concern. */
function countSave(song: SongDto): void {
  const url = new URL(song.audioUrl, window.location.origin);
  url.pathname = `/api/songs/${encodeURIComponent(song.id)}/saves`;
  fetch(url, { method: "POST", keepalive: true }).catch(() => undefined);
}

/** Saves `song` or, when saved already, takes it off; answers whether it is saved now. */
export function toggleStoredSave(song: SongDto): boolean {
  const current = wishlist.items();
  const saved = !current.some((kept) => kept.id === song.id);
  wishlist.write(saved ? [song, ...current] : current.filter((kept) => kept.id !== song.id));
  if (saved) countSave(song);
  return saved;
}
