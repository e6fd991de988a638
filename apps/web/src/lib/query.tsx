/**
 * TanStack Query for every screen beyond the listener's (admin, the artist's page, distribution,
 * payments, recovery, Pro), with docs/product.md's rules for calls as its defaults: an answer never
 * goes stale unless a read says so, nothing is retried, nothing is read again on focus or reconnect.
 * Admin reads say so (`ADMIN_FRESHNESS`: fresh 30 s, read again every 60 s while shown).
 *
 * The listener's pages (Home, browse, song, artist, search, library) never load this module: their
 * data comes in the server-rendered page and they read through lib/read-cache.ts, which keeps Home's
 * JS within its budget (docs/decisions/096-tanstack-query-beyond-the-listener.md).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

/** Admin data: fresh for 30 s (read again when shown later), read again every 60 s while shown. */
export const ADMIN_FRESHNESS = { staleTime: 30_000, refetchInterval: 60_000 } as const;
/** Admin data that goes stale after 30 s but is not polled. */
export const ADMIN_UNPOLLED = { staleTime: ADMIN_FRESHNESS.staleTime } as const;

/**
 * After a write that changes them: every read under each key prefix is read again if a screen shows it
 * (keeping its last answer meanwhile) and marked stale otherwise. Settles when those reads have.
 */
export const invalidate = (...keys: (readonly unknown[])[]): Promise<void> =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);

/** A screen's tree with the app's one QueryClient (every query screen shares it, so data outlives a screen). */
export function QueryScreen({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
