/**
 * A read that keeps itself current while a screen shows it: the admin lists (docs/product.md, Calls:
 * fresh for 30 s and read again every 60 s, the only polling in the product). Shown again after
 * `freshMs`, it is read again at once; while shown, every `everyMs` if given. Between answers the screen keeps
 * the last one (read-cache.ts).
 */
import { useEffect, useRef } from "react";
import { readAnsweredAt, startRead, useRead, type Read } from "./read-cache";

export interface Freshness {
  /** How long an answer is current: a screen mounted later than this reads it again. */
  freshMs: number;
  /** How often it is read again while shown; none: only when shown again after `freshMs`. */
  everyMs?: number;
  /**
   * A new key (a search, another page) shows the last key's answer until its own arrives, with
   * `isPlaceholderData`, instead of a loading state.
   */
  keepPrevious?: boolean;
}

export type PolledRead<T> = Read<T> & { isPlaceholderData: boolean };

export function useReadEvery<T>(key: string | null, fetcher: () => Promise<T>, { freshMs, everyMs, keepPrevious = false }: Freshness): PolledRead<T> {
  const read = useRead(key, fetcher);
  const lastAnswer = useRef<T | undefined>(undefined);
  if (read.isSuccess) lastAnswer.current = read.data;
  useEffect(() => {
    if (key === null) return;
    const answeredAt = readAnsweredAt(key);
    if (answeredAt > 0 && Date.now() - answeredAt > freshMs) void startRead(key, fetcher, true);
    if (everyMs === undefined) return;
    const timer = setInterval(() => void startRead(key, fetcher, true), everyMs);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fetcher` is derived from `key`
  }, [key, freshMs, everyMs]);
  if (keepPrevious && read.isPending && lastAnswer.current !== undefined) {
    return { ...read, isPending: false, isError: false, isSuccess: true, data: lastAnswer.current, error: null, isPlaceholderData: true };
  }
  return { ...read, isPlaceholderData: false };
}
