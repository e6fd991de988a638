import { useEffect } from "react";
import type { SongDto } from "@jplay/schema/song";
import { usePlayerActions } from "../player-context";

/**
 * Gets the likely first tap (Home's first cover) ready to play at once: its metadata and first bytes
 * load once the page has loaded and the main thread is idle, so they never compete with Home's first
 * paint. `bench/tap-to-sound.ts` measures the gain.
 */
export function useWarmFirstTap(song: SongDto | undefined) {
  const { warm } = usePlayerActions();
  useEffect(() => {
    if (!song) return;
    let cancelled = false;
    const start = () => {
      const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 0));
      whenIdle(() => {
        if (!cancelled) warm(song);
      });
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", start);
    };
  }, [song, warm]);
}
