/**
 * Helpers for the crash tests: a seeded random source (the seed is printed, so a failing run can be
 * repeated), uploads whose body is sent at a chosen pace with hooks at the points a test stops the
 * server, and the stopped server's D1 and R2 read straight from its state folder.
 */
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { openProductStorage } from "../../scripts/product-storage.ts";
import { offlineEnv, sandboxConfigPath } from "../../scripts/wrangler-env.ts";
import type { ArtistClient } from "../../bench/lib/artist-client.ts";
import { COVER_WIDTHS, coverSizeKey } from "../../schema/src/cover-sizes.ts";
import { deliveredAudioKey } from "../../workers/api/src/releases/delivered-copy.ts";
import { previewAudioKey } from "../../workers/api/src/platform/song-media-keys.ts";
import { coverPng } from "../../workers/api/test/cover-files.ts";

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LocalBindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  /** The Stripe sandbox Worker's own D1 (Stripe's side of every payment). */
  SANDBOX_DB: D1Database;
}

/**
 * The product's D1 and R2 and the Stripe sandbox's D1 in a server's state folder, through the same
 * local runtime `wrangler dev` uses. Only while that server is stopped: two runtimes must not share
 * the folder.
 */
export async function withLocalBindings<T>(persistDir: string, use: (env: LocalBindings) => Promise<T>): Promise<T> {
  Object.assign(process.env, offlineEnv());
  const persist = { path: path.join(persistDir, "v3") };
  const product = await openProductStorage<Omit<LocalBindings, "SANDBOX_DB">>(persistDir);
  try {
    const sandbox = await getPlatformProxy<{ DB: D1Database }>({ configPath: sandboxConfigPath, persist });
    try {
      return await use({ DB: product.env.DB, MEDIA: product.env.MEDIA, SANDBOX_DB: sandbox.env.DB });
    } finally {
      await sandbox.dispose();
    }
  } finally {
    await product.dispose();
  }
}

/** A PNG header of 1400 × 1400 RGB: enough for the upload's cover rule. */
const COVER_PNG = coverPng();

export interface PacedUpload {
  /** The server's answer (rejects when the server stops before answering). */
  response: Promise<Response>;
  /** Resolves once half of the body has been handed to the connection. */
  halfSent: Promise<void>;
  /** Resolves once the last byte of the body has been handed to the connection. */
  bodySent: Promise<void>;
}

/**
 * An upload of `audio` (and a PNG cover) titled `title`, its body sent in `chunkBytes` pieces `pauseMs`
 * apart. With `holdAfterHalf`, the rest of the body waits for that promise once half is sent: the
 * upload stays on the wire, whatever else the test waits for, until the server is stopped under it.
 * With `holdLastPiece`, the body's last piece waits for that promise: the test chooses the moment
 * the body is all sent.
 */
export async function pacedUpload(
  artist: ArtistClient,
  title: string,
  audio: Uint8Array<ArrayBuffer>,
  pace: { chunkBytes: number; pauseMs: number; holdAfterHalf?: Promise<void>; holdLastPiece?: Promise<void> },
): Promise<PacedUpload> {
  const form = new FormData();
  form.set("artistName", "Crash Tester");
  form.set("songTitle", title);
  form.set("explicit", "no");
  form.set("price", "1.99");
  form.set("songFile", new Blob([audio], { type: "audio/mpeg" }), "song.mp3");
  form.set("coverImage", new Blob([COVER_PNG], { type: "image/png" }), "cover.png");
  const encoded = new Response(form);
  const contentType = encoded.headers.get("Content-Type")!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());

  let markHalf = () => {};
  let markSent = () => {};
  const halfSent = new Promise<void>((resolve) => (markHalf = resolve));
  const bodySent = new Promise<void>((resolve) => (markSent = resolve));
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        markSent();
        return;
      }
      if (offset > 0) await sleep(pace.pauseMs);
      if (pace.holdAfterHalf && offset >= bytes.length / 2) await pace.holdAfterHalf;
      if (pace.holdLastPiece && offset + pace.chunkBytes >= bytes.length) await pace.holdLastPiece;
      controller.enqueue(bytes.slice(offset, offset + pace.chunkBytes));
      offset += pace.chunkBytes;
      if (offset >= bytes.length / 2) markHalf();
    },
  });
  const response = artist.fetch("/api/distribute", { method: "POST", headers: { "Content-Type": contentType }, body, duplex: "half" } as RequestInit);
  // Nobody may be left waiting on a hook when the answer fails early.
  response.then(
    () => (markHalf(), markSent()),
    () => (markHalf(), markSent()),
  );
  return { response, halfSent, bodySent };
}

/**
 * An answer, or how the request failed (the server stopped). `body` is null when the kill cut the
 * answer off after its status line: the client never got what it said.
 */
export async function outcomeOf(response: Promise<Response>): Promise<{ status: number; body: string | null; lost?: string } | { failed: string }> {
  try {
    const answered = await response;
    try {
      return { status: answered.status, body: await answered.text() };
    } catch (error) {
      return { status: answered.status, body: null, lost: String(error) };
    }
  } catch (error) {
    return { failed: String((error as { cause?: unknown }).cause ?? error) };
  }
}

export interface SongMediaState {
  /** Every R2 key under songs/. */
  keys: string[];
  rows: Array<{ id: string; audio_key: string; cover_key: string | null }>;
}

export async function songMediaState(env: LocalBindings): Promise<SongMediaState> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: "songs/", cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const { results } = await env.DB.prepare("SELECT id, audio_key, cover_key FROM songs").all<SongMediaState["rows"][number]>();
  return { keys, rows: results };
}

/**
 * What must never be: objects under songs/ no row refers to (orphans), and rows whose audio or cover
 * is missing (half rows).
 */
export function brokenSongMedia(state: SongMediaState) {
  // A cover's sized copies (docs/decisions/033-cover-sizes.md) belong to the row of the cover they were made from,
  // and the delivered copy of the audio, tagged with the ISRC (docs/decisions/042), to the row of the song.
  const coverObjects = (coverKey: string) => [coverKey, ...COVER_WIDTHS.map((width) => coverSizeKey(coverKey, width))];
  const audioObjects = (row: SongMediaState["rows"][number]) => [row.audio_key, deliveredAudioKey(row.id), previewAudioKey(row.id)];
  const referenced = new Set(state.rows.flatMap((row) => [...audioObjects(row), ...(row.cover_key ? coverObjects(row.cover_key) : [])]));
  const stored = new Set(state.keys);
  return {
    orphanObjects: state.keys.filter((key) => !referenced.has(key)),
    rowsMissingMedia: state.rows.filter((row) => !stored.has(row.audio_key) || (row.cover_key !== null && !stored.has(row.cover_key))).map((row) => row.id),
  };
}
