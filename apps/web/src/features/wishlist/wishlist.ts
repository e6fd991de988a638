/**
 * The songs a listener saved for later on this tablet: browsing time on the tablets is short, so a
 * song found now can be listened to or bought later (the Library screen lists them). Kept in
 * localStorage as likes are (lib/stored-list.ts): "wishlistSongs" holds the songs
 * themselves, newest saved first, so the list shows with no catalogue call and without a network.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { SongDto } from "@jplay/schema/song";
import { storedList } from "@/lib/stored-list";

export const WISHLIST_KEY = "wishlistSongs";

const isSong = (song: unknown): song is SongDto => typeof song === "object" && song !== null && typeof (song as SongDto).id === "string";

/** The kept songs, newest saved first (lib/stored-list.ts). */
const wishlist = storedList(WISHLIST_KEY, isSong);

/** The server's render (no storage) sees no saved song, as a first render does. */
const NONE_ON_THE_SERVER: SongDto[] = [];

/** The saved songs and the toggle. */
export function useWishlist() {
  const songs = useSyncExternalStore(wishlist.subscribe, wishlist.items, () => NONE_ON_THE_SERVER);
  const saved = useMemo(() => new Set(songs.map((song) => song.id)), [songs]);
  const toggleSaved = useCallback((song: SongDto) => {
    const current = wishlist.items();
    wishlist.write(current.some((kept) => kept.id === song.id) ? current.filter((kept) => kept.id !== song.id) : [song, ...current]);
  }, []);
  return { songs, saved, toggleSaved };
}
