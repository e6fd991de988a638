/**
 * Starts a page of islands (docs/decisions/105-listener-pages-as-islands.md): the server's HTML is the
 * page, and only the parts a finger can touch (components/island.tsx) are hydrated, each as its own
 * root (island-roots.tsx). Their code waits: it is fetched once the page has loaded and the main
 * thread is idle, or at once when a finger or the keyboard reaches an island first. Until an island
 * runs, the page's first script (src/early-taps.ts) answers its taps. The likely first tap's song is
 * warmed meanwhile (features/player/player-store.ts), so a tap on it plays at once.
 */
import { english } from "@/lib/i18n/english";
import { loadTranslator, renderedLanguage } from "@/lib/i18n/language-choice";
import { pagePlayer } from "@/features/player/player-store";
import { pageSongs } from "@/lib/page-songs";

const ISLAND = "[data-island]";

/** The island `target` is in (its outermost: an island inside another is hydrated with it). */
function islandOf(target: EventTarget | null): HTMLElement | null {
  let island = target instanceof Element ? target.closest<HTMLElement>(ISLAND) : null;
  for (let outer = island?.parentElement?.closest<HTMLElement>(ISLAND); outer; outer = outer.parentElement?.closest<HTMLElement>(ISLAND)) {
    island = outer;
  }
  return island;
}

/** After the page's load, when the main thread is idle (or soon, where the browser has no idle callback). */
function whenSettled(run: () => void) {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 0));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** The first play control's song gets its metadata and first bytes, as the app's Home did. */
function warmFirstTap() {
  const first = document.querySelector<HTMLElement>('[data-early-tap="play"][data-song-id]');
  const song = pageSongs().get(first?.dataset.songId ?? "");
  if (song) pagePlayer()?.warm(song);
}

export function startIslands(): void {
  const waiting = new Set<HTMLElement>();
  for (const island of document.querySelectorAll<HTMLElement>(ISLAND)) {
    if (islandOf(island) === island) waiting.add(island);
  }
  let roots: Promise<(island: HTMLElement) => void> | undefined;
  const hydrator = () =>
    (roots ??= (async () => {
      const translator = loadTranslator(renderedLanguage()).catch(() => english);
      const { hydrateIsland } = await import("./island-roots");
      const inLanguage = await translator;
      return (island: HTMLElement) => hydrateIsland(island, inLanguage);
    })());
  const start = (island: HTMLElement) => {
    if (!waiting.delete(island)) return;
    void hydrator().then((hydrate) => hydrate(island));
  };

  const onReach = (event: Event) => {
    const island = islandOf(event.target);
    if (island) start(island);
  };
  for (const type of ["pointerdown", "focusin", "keydown"]) document.addEventListener(type, onReach, { capture: true, passive: true });

  whenSettled(() => {
    warmFirstTap();
    for (const island of [...waiting]) start(island);
  });
}
