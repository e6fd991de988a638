/**
 * Registers the service worker (service-worker/sw.ts, built as /sw.js) once the page has loaded, so
 * it never competes with Home's first load; production builds only (the dev server has no /sw.js).
 * Once it is active, it keeps what this page loaded before it was in control (the catalogue answers
 * and covers of a first visit), and liked songs whose audio is not saved yet (liked before it arrived, or a save
 * cut short) are saved.
 */
import { askServiceWorker } from "./ask-service-worker";

async function register() {
  try {
    await navigator.serviceWorker.register("/sw.js");
  } catch {
    return; // No offline copy on this browser; everything else works as before.
  }
  await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
  await askServiceWorker({ type: "keep-loaded", urls: loaded }).catch(() => false);
  // Fetched now, not with the page's start: a page of islands loads no React before its islands.
  const [{ likedSongDetails }, { saveAudio }] = await Promise.all([import("@/features/likes"), import("./saved-audio")]);
  for (const song of Object.values(likedSongDetails())) await saveAudio(song.audioUrl);
}

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
