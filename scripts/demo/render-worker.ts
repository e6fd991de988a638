/**
 * Worker-thread entry for render-pool.ts: renders the MP3s of the demo songs it is given and posts
 * each one back as soon as it is done (lamejs is single-threaded; two workers halve the first seed).
 */
import { parentPort, workerData } from "node:worker_threads";
import { DEMO_SONGS } from "./catalogue.ts";
import { renderSongMp3 } from "./render-mp3.ts";

const ids = (workerData as { ids: string[] }).ids;
for (const id of ids) {
  const song = DEMO_SONGS.find((s) => s.id === id);
  if (!song) throw new Error(`unknown demo song ${id}`);
  const mp3 = renderSongMp3(song);
  parentPort!.postMessage({ id, mp3 }, [mp3.buffer as ArrayBuffer]);
}
