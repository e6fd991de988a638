/**
 * The songs a server-rendered page was rendered with, by id: those in its JSON data blocks (Home's,
 * a browsing screen's). The page's first script (src/early-taps.ts) plays and likes them before any
 * island runs, and the islands (app/islands/) are given them, so neither asks the API again.
 */
import type { SongDto } from "@jplay/schema/song";

/** Collects into `songs` every song (an object with an `id` and an `audioUrl`) inside `value`. */
function collectSongs(value: unknown, songs: Map<string, SongDto>) {
  if (Array.isArray(value)) {
    for (const item of value) collectSongs(item, songs);
  } else if (value && typeof value === "object") {
    const { id, audioUrl } = value as Partial<SongDto>;
    if (typeof id === "string" && typeof audioUrl === "string") songs.set(id, value as SongDto);
    for (const inner of Object.values(value)) collectSongs(inner, songs);
  }
}

/** Read when asked (a tap, an island's start), by which time the blocks after #root have arrived. */
export function pageSongs(): Map<string, SongDto> {
  const songs = new Map<string, SongDto>();
  for (const block of document.querySelectorAll('script[type="application/json"]')) {
    try {
      collectSongs(JSON.parse(block.textContent ?? ""), songs);
    } catch {
      // Not data this page can read: its taps wait for the islands.
    }
  }
  return songs;
}
