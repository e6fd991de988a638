/**
 * The songs a listener liked on this tablet (docs/product.md, the player bar's like toggle). Kept in
 * localStorage: "likedSongs" holds the ids (a JSON array), "likedSongDetails" the songs themselves,
 * so their audio can be saved for offline play again later without the catalogue (a song liked
 * before the service worker arrived, a save cut short by lost Wi-Fi). Liking saves the song's audio
 * for offline play; unliking deletes it (features/offline/saved-audio.ts).
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { SongDto } from "@jplay/schema/song";
import { storage } from "@/lib/storage";
import { forgetAudio, saveAudio } from "@/features/offline";

export const LIKED_SONGS_KEY = "likedSongs";
export const LIKED_SONG_DETAILS_KEY = "likedSongDetails";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;

function readRaw(): string | null {
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

function parseIds(raw: string | null): string[] {
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

function subscribe(listener: () => void) {
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

export function useLikedSongs() {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const liked = useMemo(() => new Set(parseIds(raw)), [raw]);
  const toggleLike = useCallback((song: SongDto) => {
    const ids = parseIds(readRaw());
    const { [song.id]: _unliked, ...others } = likedSongDetails();
    if (ids.includes(song.id)) {
      write(
        ids.filter((id) => id !== song.id),
        others,
      );
      void forgetAudio(song.audioUrl);
    } else {
      write([...ids, song.id], { ...others, [song.id]: song });
      void saveAudio(song.audioUrl);
    }
  }, []);
  return { liked, toggleLike };
}
