/**
 * Renders several demo MP3s in parallel on worker threads (MP3 encoding dominates the first seed), and
 * quietly falls back to rendering on the calling thread if a worker cannot start or fails. An MP3 this
 * renderer made before comes from the cache on disk instead (mp3-cache.ts).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DemoSong } from "./catalogue.ts";
import { cachedMp3, keepMp3 } from "./mp3-cache.ts";
import { renderSongMp3 } from "./render-mp3.ts";

/** One promise per song id, each settling as soon as that song is rendered (or read from the cache). */
export function renderMp3s(songs: readonly DemoSong[], maxWorkers = availableParallelism()): Map<string, Promise<Uint8Array>> {
  const results = new Map<string, Promise<Uint8Array>>();
  const uncached: DemoSong[] = [];
  for (const song of songs) {
    const cached = cachedMp3(song.id);
    if (cached) results.set(song.id, Promise.resolve(cached));
    else uncached.push(song);
  }
  for (const [id, rendering] of renderOnWorkers(uncached, maxWorkers)) {
    results.set(
      id,
      rendering.then((mp3) => {
        keepMp3(id, mp3);
        return mp3;
      }),
    );
  }
  return results;
}

function renderOnWorkers(songs: readonly DemoSong[], maxWorkers: number): Map<string, Promise<Uint8Array>> {
  const results = new Map<string, Promise<Uint8Array>>();
  const workers = Math.min(maxWorkers, songs.length);
  if (workers < 2) {
    for (const song of songs)
      results.set(
        song.id,
        Promise.resolve().then(() => renderSongMp3(song)),
      );
    return results;
  }

  // Longest first, dealt round-robin, so the workers finish at about the same time.
  const queues: DemoSong[][] = Array.from({ length: workers }, () => []);
  [...songs].sort((a, b) => b.music.durationSeconds - a.music.durationSeconds).forEach((song, i) => queues[i % workers]!.push(song));

  for (const queue of queues) {
    const pending = new Map<string, { song: DemoSong; resolve: (mp3: Uint8Array) => void; reject: (e: unknown) => void }>();
    for (const song of queue) {
      results.set(song.id, new Promise<Uint8Array>((resolve, reject) => pending.set(song.id, { song, resolve, reject })));
    }
    const fallback = () => {
      for (const [id, p] of pending) {
        pending.delete(id);
        try {
          p.resolve(renderSongMp3(p.song));
        } catch (error) {
          p.reject(error);
        }
      }
    };
    let worker: Worker;
    try {
      worker = new Worker(new URL("./render-worker.ts", import.meta.url), { workerData: { ids: queue.map((s) => s.id) } });
    } catch {
      fallback();
      continue;
    }
    worker.on("message", (message: { id: string; mp3: Uint8Array }) => {
      pending.get(message.id)?.resolve(message.mp3);
      pending.delete(message.id);
    });
    worker.on("error", () => {
      void worker.terminate();
      fallback();
    });
    worker.on("exit", () => fallback());
  }
  return results;
}
