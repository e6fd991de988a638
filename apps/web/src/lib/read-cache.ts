/**
 * The listener's read cache (docs/decisions/096-tanstack-query-beyond-the-listener.md): the tablet's
 * pages (Home, browse, song, artist, search, library) and the header's `/api/me` read through it. Their
 * data mostly arrives in the server-rendered page (`seedReads`), so they need no more than this; every
 * other screen reads through TanStack Query (lib/query.tsx), which Home never loads (its JS budget,
 * decision 015). The rules are docs/product.md, Calls: a read never goes stale on its own, is never
 * retried and never read again on focus; a failed read runs again only when the person asks (Try
 * again); a write that changes what a read shows invalidates it, and a screen showing it keeps the last
 * answer while it is read again.
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";

/**
 * One read: its last answer (`ok`), its last failure (`failed`, cleared by the next answer), the
 * request in flight and how to make it again. A new object on every change,
 * so a screen re-renders exactly when its read changed.
 */
interface Entry {
  ok?: { data: unknown };
  failed?: { error: unknown };
  fetching?: Promise<void>;
  fetcher?: () => Promise<unknown>;
}

export type Read<T> = { isFetching: boolean; refetch: () => void } & (
  | { isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  /** A failed read; `data` is the last answer when an earlier read succeeded. */
  | { isPending: false; isError: true; isSuccess: false; data: T | undefined; error: unknown }
  | { isPending: false; isError: false; isSuccess: true; data: T; error: null }
);

const entries = new Map<string, Entry>();
/** How many mounted screens show each read: an invalidated read is read again only while shown. */
const shown = new Map<string, number>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const matching = (prefix: string) => [...entries.keys()].filter((key) => key.startsWith(prefix));

/**
 * Starts the read unless it is loaded or loading; `force` reads a failed or loaded one again, keeping
 * its last answer meanwhile. Settles when the read in flight has.
 */
export function startRead<T>(key: string, fetcher: () => Promise<T>, force = false): Promise<void> {
  const current = entries.get(key);
  if (current?.fetching) return current.fetching;
  if (current && !force) return Promise.resolve();
  const fetching: Promise<void> = fetcher()
    .then(
      (data): Entry => ({ ok: { data }, fetcher }),
      (error: unknown): Entry => ({ ok: entries.get(key)?.ok, failed: { error }, fetcher }),
    )
    .then((settled) => {
      if (entries.get(key)?.fetching === fetching) entries.set(key, settled);
      notify();
    });
  // A read with no answer yet shows as loading again, not as its last failure.
  entries.set(key, { ok: current?.ok, failed: current?.ok ? current.failed : undefined, fetching, fetcher });
  notify();
  return fetching;
}

/**
 * Reads already answered elsewhere: the data a server-rendered page was rendered with
 * (app/home-page-data.ts), so hydration shows the same and fetches nothing again.
 */
export function seedReads(values: ReadonlyMap<string, unknown>): void {
  for (const [key, data] of values) entries.set(key, { ok: { data }, fetcher: entries.get(key)?.fetcher });
  notify();
}

/** The last answer of a read, if any. */
export const readData = <T>(key: string): T | undefined => entries.get(key)?.ok?.data as T | undefined;

/**
 * After a write that changes them: every read whose key starts with `prefix` is read again if a screen
 * shows it (keeping its last answer meanwhile), and forgotten otherwise, so the next screen reads it.
 * Settles when the reads made again have.
 */
export function invalidateReads(prefix: string): Promise<void> {
  const again: Promise<void>[] = [];
  for (const key of matching(prefix)) {
    const fetcher = entries.get(key)!.fetcher;
    if (fetcher && shown.get(key)) {
      entries.set(key, { ...entries.get(key)!, fetching: undefined });
      again.push(startRead(key, fetcher, true));
    } else entries.delete(key);
  }
  notify();
  return Promise.all(again).then(() => undefined);
}

/** Drops every read under `prefix` and reads nothing again: an operator's data on sign-out, a server render's. */
export function forgetReads(prefix: string): void {
  for (const key of matching(prefix)) entries.delete(key);
  notify();
}

/** The read under `key` (started on first use); `key` null means "nothing to read yet". */
export function useRead<T>(key: string | null, fetcher: () => Promise<T>): Read<T> {
  const snapshot = () => (key === null ? undefined : entries.get(key));
  // The server snapshot is the same store: the server render and hydration both read what was seeded.
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (key === null) return;
    shown.set(key, (shown.get(key) ?? 0) + 1);
    return () => void shown.set(key, shown.get(key)! - 1);
  }, [key]);
  useEffect(() => {
    if (key !== null && entry === undefined) void startRead(key, fetcher);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- every caller derives `fetcher` from `key`: a new function each render is not a new read
  }, [key, entry]);
  const refetch = useCallback(() => {
    if (key !== null) void startRead(key, fetcher, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- every caller derives `fetcher` from `key`
  }, [key]);

  const isFetching = entry?.fetching !== undefined;
  if (entry?.failed) {
    return { isPending: false, isError: true, isSuccess: false, data: entry.ok?.data as T | undefined, error: entry.failed.error, isFetching, refetch };
  }
  if (entry?.ok) return { isPending: false, isError: false, isSuccess: true, data: entry.ok.data as T, error: null, isFetching, refetch };
  return { isPending: true, isError: false, isSuccess: false, data: undefined, error: null, isFetching, refetch };
}
