/**
 * The demo MP3s kept on disk between preparations of a demo state (node_modules/.cache/demo-mp3), under
 * a digest of what makes them: the renderer's source, the catalogue it reads and the encoder's
 * version, so a change to any of them renders afresh. Encoding them (lamejs) is most of a new demo
 * state's CPU, about 10 CPU-seconds, and one test run prepares that state more than once (the
 * browser tests' servers, the demo seed's own test), as `pnpm dev` does after a reset.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../wrangler-env.ts";

/** The files whose text decides every byte of a demo MP3 (render-mp3.ts and what it imports). */
const RENDERER_SOURCES = ["render-mp3.ts", "catalogue.ts", "prng.ts"].map((file) => new URL(`./${file}`, import.meta.url));
const ENCODER_PACKAGE = path.join(repoRoot, "node_modules/@breezystack/lamejs/package.json");

let folder: string | undefined;

/** This renderer's folder in the cache: one digest per renderer, encoder and catalogue. */
function cacheFolder(): string {
  if (folder) return folder;
  const digest = createHash("sha256");
  for (const source of RENDERER_SOURCES) digest.update(readFileSync(source));
  digest.update((JSON.parse(readFileSync(ENCODER_PACKAGE, "utf8")) as { version: string }).version);
  folder = path.join(repoRoot, "node_modules/.cache/demo-mp3", digest.digest("hex").slice(0, 24));
  return folder;
}

const fileOf = (songId: string) => path.join(cacheFolder(), `${songId}.mp3`);

/** The song's MP3 as this renderer made it before, if the cache holds it. */
export function cachedMp3(songId: string): Uint8Array | undefined {
  try {
    const mp3 = readFileSync(fileOf(songId));
    return mp3.length > 0 ? new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a rendered MP3 (written whole, then renamed: a reader never sees part of one). Best effort. */
export function keepMp3(songId: string, mp3: Uint8Array): void {
  try {
    mkdirSync(cacheFolder(), { recursive: true });
    const staging = `${fileOf(songId)}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(staging, mp3);
    renameSync(staging, fileOf(songId));
  } catch {
    // A cache that cannot be written only means the next preparation renders again.
  }
}
