/**
 * The songs saved for later, kept in localStorage as likes are (lib/stored-list.ts), without React:
 * "wishlistSongs" holds the songs themselves, newest saved first. The "Save for later" toggle
 * (wishlist.ts) and a tap on it before its island runs (src/early-taps.ts) both change them here.
 */
import type { SongDto } from "@jplay/schema/song";
import { storedList } from "@/lib/stored-list";

const WISHLIST_KEY = "wishlistSongs";

const isSong = (song: unknown): song is SongDto => typeof song === "object" && song !== null && typeof (song as SongDto).id === "string";

/** The kept songs, newest saved first (lib/stored-list.ts). */
export const wishlist = storedList(WISHLIST_KEY, isSong);

/** Saves `song` or, when saved already, takes it off; answers whether it is saved now. */
export function toggleStoredSave(song: SongDto): boolean {
  const current = wishlist.items();
  const saved = !current.some((kept) => kept.id === song.id);
  wishlist.write(saved ? [song, ...current] : current.filter((kept) => kept.id !== song.id));
  return saved;
}
