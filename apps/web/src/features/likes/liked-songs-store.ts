/**
 * The liked songs kept in localStorage, without React: "likedSongs" holds the ids (a JSON array),
 * "likedSongDetails" the songs themselves. The like toggle (liked-songs.ts) and a tap on a heart
 * before the app runs (src/early-taps.ts) both change them here, so the app finds either.
 */
import type { SongDto } from "@jplay/schema/song";
import { storage } from "@/lib/storage";

export const LIKED_SONGS_KEY = "likedSongs";
export const LIKED_SONG_DETAILS_KEY = "likedSongDetails";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;

export function readRaw(): string | null {
  if (cachedRaw === undefined) cachedRaw = storage.get(LIKED_SONGS_KEY);
  return cachedRaw;
}

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function parseIds(raw: string | null): string[] {
  const value = parseJson(raw);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

/** The liked songs' details by id (ids without details were liked before details were kept). */
export function likedSongDetails(): Record<string, SongDto> {
  const value = parseJson(storage.get(LIKED_SONG_DETAILS_KEY));
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, SongDto>) : {};
}

function write(ids: string[], details: Record<string, SongDto>) {
  cachedRaw = JSON.stringify(ids);
  storage.set(LIKED_SONGS_KEY, cachedRaw);
  storage.set(LIKED_SONG_DETAILS_KEY, JSON.stringify(details));
  listeners.forEach((listener) => listener());
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LIKED_SONGS_KEY && event.key !== null) return;
    cachedRaw = undefined;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Likes `song` or, when liked already, unlikes it; answers whether it is liked now. */
export function toggleStoredLike(song: SongDto): boolean {
  const ids = parseIds(readRaw());
  const { [song.id]: _unliked, ...others } = likedSongDetails();
  if (ids.includes(song.id)) {
    write(
      ids.filter((id) => id !== song.id),
      others,
    );
    return false;
  }
  write([...ids, song.id], { ...others, [song.id]: song });
  return true;
}
