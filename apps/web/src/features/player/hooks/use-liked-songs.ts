import { useCallback, useMemo, useSyncExternalStore } from "react";
import { storage } from "@/lib/storage";

/** Liked song ids, kept on this device as a JSON array under localStorage "likedSongs". */
export const LIKED_SONGS_KEY = "likedSongs";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;

function readRaw(): string | null {
  if (cachedRaw === undefined) cachedRaw = storage.get(LIKED_SONGS_KEY);
  return cachedRaw;
}

function parse(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function write(ids: string[]) {
  cachedRaw = JSON.stringify(ids);
  storage.set(LIKED_SONGS_KEY, cachedRaw);
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
  const liked = useMemo(() => new Set(parse(raw)), [raw]);
  const toggleLike = useCallback((songId: string) => {
    const ids = parse(readRaw());
    write(ids.includes(songId) ? ids.filter((id) => id !== songId) : [...ids, songId]);
  }, []);
  return { liked, toggleLike };
}
