/**
 * A list read a page at a time (the admin payment overview: `?cursor=`, each page naming the next):
 * one read in the cache holding every page loaded so far. "Load more" adds the next page to it; reading
 * it again (polling, Refresh, an invalidation) reads as many pages as are loaded, from the first, so
 * the list stays as long as the operator made it.
 */
import { useState } from "react";
import { readAnsweredAt, readData, setRead } from "./read-cache";
import { useReadEvery, type Freshness, type PolledRead } from "./read-every";

export interface Pages<P> {
  pages: P[];
}

export type PagedRead<P> = PolledRead<Pages<P>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
};

export function usePagedRead<P>(
  key: string,
  fetchPage: (cursor: string | null) => Promise<P>,
  nextCursor: (page: P) => string | null,
  freshness: Freshness,
): PagedRead<P> {
  async function readAllLoaded(): Promise<Pages<P>> {
    const loaded = readData<Pages<P>>(key)?.pages.length ?? 1;
    const pages = [await fetchPage(null)];
    while (pages.length < loaded) {
      const cursor = nextCursor(pages.at(-1)!);
      if (cursor === null) break;
      pages.push(await fetchPage(cursor));
    }
    return { pages };
  }
  const read = useReadEvery(key, readAllLoaded, freshness);
  const [loadingMore, setLoadingMore] = useState(false);
  /** Load more's last failure, for the list as it was then: any later answer for this key clears it. */
  const [moreFailed, setMoreFailed] = useState<{ error: unknown; key: string; answeredAt: number } | null>(null);
  const last = read.data?.pages.at(-1);
  // The last search's pages, shown while this one loads, do not lead to this search's next page.
  const next = last === undefined || read.isPlaceholderData ? null : nextCursor(last);

  async function fetchNextPage() {
    if (next === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(next);
      setRead<Pages<P>>(key, (previous) => ({ pages: [...(previous?.pages ?? []), page] }));
    } catch (error) {
      // The pages loaded stay on screen; the list says it could not load (as a failed read again does).
      setMoreFailed({ error, key, answeredAt: readAnsweredAt(key) });
    } finally {
      setLoadingMore(false);
    }
  }
  const paging = { hasNextPage: next !== null, isFetchingNextPage: loadingMore, fetchNextPage };
  const stillFailed = moreFailed?.key === key && moreFailed.answeredAt === readAnsweredAt(key) ? moreFailed : null;
  if (stillFailed && !read.isError && read.data !== undefined) {
    return { ...read, ...paging, isPending: false, isError: true, isSuccess: false, error: stillFailed.error };
  }
  return { ...read, ...paging };
}
