/**
 * A list kept as JSON in one localStorage entry, that components follow (useSyncExternalStore: the
 * list read is the snapshot, the same array until it changes) and that other tabs' changes reach
 * (storage events): the liked songs (features/likes/liked-songs-store.ts) and the songs saved for
 * later (features/wishlist/wishlist.ts). No React here: the page's first script (src/early-taps.ts)
 * likes a song through it before the app runs.
 */
import { storage } from "@/lib/storage";

/** The JSON in `raw`; null for none (String(null) is the JSON null) or anything unreadable. */
export function parseJson(raw: string | null): unknown {
  try {
    return JSON.parse(String(raw));
  } catch {
    return null;
  }
}

/** The list stored under `key`, whose items are those `isItem` accepts. */
export function storedList<Item>(key: string, isItem: (value: unknown) => value is Item) {
  const listeners = new Set<() => void>();
  let cached: Item[] | undefined;
  const listOf = (value: unknown) => (Array.isArray(value) ? value.filter(isItem) : []);
  return {
    /** The items, read from storage once until they change; anything unreadable is an empty list. */
    items: (): Item[] => (cached ??= listOf(parseJson(storage.get(key)))),
    write(items: Item[]) {
      cached = items;
      storage.set(key, JSON.stringify(items));
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key && event.key !== null) return;
        cached = undefined;
        listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
