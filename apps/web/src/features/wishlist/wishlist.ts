/**
 * The songs a listener saved for later on this tablet: browsing time on the tablets is short, so a
 * song found now can be listened to or bought later (the Library screen lists them). Kept in
 * localStorage without React (wishlist-store.ts), so the list shows with no catalogue call and
 * without a network.
 */
import { useMemo, useSyncExternalStore } from "react";
import type { SongDto } from "@jplay/schema/song";
import { toggleStoredSave, wishlist } from "./wishlist-store";

/** The server's render (no storage) sees no saved song, as a first render does. */
const NONE_ON_THE_SERVER: SongDto[] = [];

/** The saved songs and the toggle. */
export function useWishlist() {
  const songs = useSyncExternalStore(wishlist.subscribe, wishlist.items, () => NONE_ON_THE_SERVER);
  const saved = useMemo(() => new Set(songs.map((song) => song.id)), [songs]);
  return { songs, saved, toggleSaved: toggleStoredSave };
}
