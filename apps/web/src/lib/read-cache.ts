/**
 * The home page's reads (catalogue rows, the featured song, the success banner's song) without
 * TanStack Query: Query and its provider are about 10 KiB gzip, a ninth of the tablet home page's
 * JS budget (decision 015). It is the app's one read cache (docs/decisions/074-one-read-cache.md): the
 * other screens move to it from Query one at a time (the artist's statements have). The rules are the query client's (docs/product.md,
 * Calls): a read never goes stale, is never retried and never refetched on focus; a failed read
 * runs again only when the visitor asks (Try again), and a write that changes songs invalidates.
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";

type Entry =
  | { status: "pending"; promise: Promise<void> }
  | { status: "success"; data: unknown }
  | { status: "error"; error: unknown };

export type Read<T> =
  | { isPending: true; isError: false; isSuccess: false; data: undefined; error: null; refetch: () => void }
  | { isPending: false; isError: true; isSuccess: false; data: undefined; error: unknown; refetch: () => void }
  | { isPending: false; isError: false; isSuccess: true; data: T; error: null; refetch: () => void };

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts the read unless it is loaded or loading; `force` runs a failed or loaded one again. */
export function startRead<T>(key: string, fetcher: () => Promise<T>, force = false): void {
  const current = entries.get(key);
  if (current && (current.status === "pending" || !force)) return;
  const promise = fetcher().then(
    (data) => {
      if (entries.get(key) === entry) entries.set(key, { status: "success", data });
    },
    (error: unknown) => {
      if (entries.get(key) === entry) entries.set(key, { status: "error", error });
    },
  ).finally(notify);
  const entry: Entry = { status: "pending", promise };
  entries.set(key, entry);
  notify();
}

/**
 * Reads already answered elsewhere: the data a server-rendered page was rendered with
 * (app/home-page-data.ts), so hydration shows the same and fetches nothing again.
 */
export function seedReads(values: ReadonlyMap<string, unknown>): void {
  for (const [key, data] of values) entries.set(key, { status: "success", data });
  notify();
}

/** Forgets every read whose key starts with `prefix`; screens showing one read it again. */
export function invalidateReads(prefix: string): void {
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
  notify();
}

const PENDING = { isPending: true, isError: false, isSuccess: false, data: undefined, error: null } as const;

/** The read under `key` (started on first use); `key` null means "nothing to read yet". */
export function useRead<T>(key: string | null, fetcher: () => Promise<T>): Read<T> {
  const snapshot = () => (key === null ? undefined : entries.get(key));
  // The server snapshot is the same store: the server render and hydration both read what was seeded.
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (key !== null && entry === undefined) startRead(key, fetcher);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- every caller derives `fetcher` from `key`: a new function each render is not a new read
  }, [key, entry]);
  const refetch = useCallback(() => {
    if (key !== null) startRead(key, fetcher, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- every caller derives `fetcher` from `key`
  }, [key]);

  if (entry?.status === "success") {
    return { isPending: false, isError: false, isSuccess: true, data: entry.data as T, error: null, refetch };
  }
  if (entry?.status === "error") {
    return { isPending: false, isError: true, isSuccess: false, data: undefined, error: entry.error, refetch };
  }
  return { ...PENDING, refetch };
}
