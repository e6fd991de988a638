/**
 * The hand-over between the page's first script (src/early-taps.ts), which answers taps on the
 * server's HTML before the app runs, and the app: once the whole app has hydrated (a screen the SPA
 * renders) it says so here and the first script stands down; on a page of islands each island says
 * so here for its own element (app/islands/), and the first script leaves its taps to it. Kept on
 * `window`, so the two bundles (the first script and the app) share one record; nothing is written
 * into the page, so the islands' HTML stays the server's.
 */

interface EarlyTaps {
  /** The app has hydrated and answers every tap itself. */
  appRunning: boolean;
  /** The islands (their wrapper elements) that have hydrated and answer their own taps. */
  liveIslands: WeakSet<Element>;
}

declare global {
  interface Window {
    __jplayEarlyTaps?: EarlyTaps;
  }
}

const record = (): EarlyTaps => (window.__jplayEarlyTaps ??= { appRunning: false, liveIslands: new WeakSet() });

export const appIsRunning = (): boolean => record().appRunning;

/** Called once the app has hydrated (app/layouts/root-layout.tsx). */
export function markAppRunning(): void {
  record().appRunning = true;
}

/** Marks an island (app/islands/) as answering its own taps. */
export function markIslandLive(island: Element): void {
  record().liveIslands.add(island);
}

/** Whether `control` is answered by an island that runs already. */
export function islandAnswers(control: Element): boolean {
  const { liveIslands } = record();
  for (let island = control.closest("[data-island]"); island; island = island.parentElement?.closest("[data-island]") ?? null) {
    if (liveIslands.has(island)) return true;
  }
  return false;
}

/**
 * What every play control carries (a card's cover, a song page's button, the player bar's): the tap
 * that toggles `song`, and the marks by which the first script answers it before its island runs.
 */
export const playControl = <Song extends { id: string }>(song: Song, onToggle: (song: Song) => void) =>
  ({ type: "button", onClick: () => onToggle(song), "data-early-tap": "play", "data-song-id": song.id }) as const;
