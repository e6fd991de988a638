/**
 * The hand-over between the page's first script (src/early-taps.ts), which answers taps on the
 * server's HTML before the app runs, and the app: once the app has hydrated it says so here and the
 * first script stands down; a song the first script started is handed to the player, which carries
 * on with it. Kept on `window`, so the two bundles (the first script and the app) share one record.
 */
import type { SongDto } from "@jplay/schema/song";

interface EarlyTaps {
  /** The app has hydrated and answers every tap itself. */
  appRunning: boolean;
  /** The song a tap started before the app ran, not yet taken by the player. */
  song: SongDto | null;
}

declare global {
  interface Window {
    __jplayEarlyTaps?: EarlyTaps;
  }
}

const record = (): EarlyTaps => (window.__jplayEarlyTaps ??= { appRunning: false, song: null });

export const appIsRunning = (): boolean => record().appRunning;

/** Called once the app has hydrated (app/layouts/root-layout.tsx). */
export function markAppRunning(): void {
  record().appRunning = true;
}

export function recordEarlySong(song: SongDto): void {
  record().song = song;
}

/** The song a tap started before the app ran, once (features/player/player-provider.tsx). */
export function takeEarlySong(): SongDto | null {
  const { song } = record();
  record().song = null;
  return song;
}
