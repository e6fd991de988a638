/**
 * The songs a listener saved for later on this tablet: browsing time on the tablets is short, so a
 * song found now can be listened to or bought later (the Library screen lists them). Kept in
 * localStorage as likes are (features/likes/liked-songs.ts): "wishlistSongs" holds the songs
 * themselves, newest saved first, so the list shows with no catalogue call and without a network.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { SongDto } from "@jplay/schema/song";
import { storage } from "@/lib/storage";

export const WISHLIST_KEY = "wishlistSongs";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;

function readRaw(): string | null {
  if (cachedRaw === undefined) cachedRaw = storage.get(WISHLIST_KEY);
  return cachedRaw;
}

/** The kept songs, newest saved first; anything unreadable is an empty list. */
function parse(raw: string | null): SongDto[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((song): song is SongDto => typeof song === "object" && song !== null && typeof (song as SongDto).id === "string") : [];
  } catch {
    return [];
  }
}

function write(songs: SongDto[]) {
  cachedRaw = JSON.stringify(songs);
  storage.set(WISHLIST_KEY, cachedRaw);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== WISHLIST_KEY && event.key !== null) return;
    cachedRaw = undefined;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved songs and the toggle; the server's render (no storage) sees none, as a first render does. */
export function useWishlist() {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const songs = useMemo(() => parse(raw), [raw]);
  const saved = useMemo(() => new Set(songs.map((song) => song.id)), [songs]);
  const toggleSaved = useCallback((song: SongDto) => {
    const current = parse(readRaw());
    write(current.some((kept) => kept.id === song.id) ? current.filter((kept) => kept.id !== song.id) : [song, ...current]);
  }, []);
  return { songs, saved, toggleSaved };
}
