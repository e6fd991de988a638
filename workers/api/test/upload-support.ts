/**
 * Helpers for the streamed-upload tests: deterministic test bytes and their hash, a multipart body
 * sent as a stream that counts what the Worker read (and can fail like a client going away), the
 * artist's session headers for a request sent straight to the Worker, and an R2 bucket that records
 * (and can fail) its multipart uploads.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../src/index";
import { stampMp3 } from "./mp3-files";
import type { Browser } from "./support";

export const SITE = "http://jplay.test";

/** `size` pseudo-random bytes (xorshift32 from `seed`): any reordering or loss shows in a hash. */
export function patternedBytes(size: number, seed: number, offset = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = (seed * 2654435761 + offset) >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/** Patterned bytes laid out as whole MPEG-1 Layer III frames (patterned payloads), so they pass the MP3 walk. */
export function mp3Like(size: number, seed: number): Uint8Array {
  return stampMp3(patternedBytes(size, seed), 0, size);
}

export async function sha256(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** File data made on demand (too large to hold, e.g. past every limit): `size` bytes laid out as MP3 frames. */
export interface GeneratedBytes {
  size: number;
}

export interface BodyPart {
  name: string;
  filename?: string;
  data: string | Uint8Array | GeneratedBytes;
}

const CHUNK = 64 * 1024;
const encoder = new TextEncoder();

/**
 * A multipart body streamed in 64 KiB chunks, read only as the Worker asks (no read-ahead).
 * `pulled()` is how many bytes it asked for; `failAfter` errors the stream there, like a dropped
 * connection; `close: false` leaves out the closing boundary.
 */
export function streamedForm(parts: BodyPart[], options: { failAfter?: number; close?: boolean } = {}) {
  const boundary = `----jplaytest${crypto.randomUUID()}`;
  function* pieces(): Generator<Uint8Array> {
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
      yield encoder.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
      if (typeof part.data === "string") yield encoder.encode(part.data);
      else if (part.data instanceof Uint8Array) for (let at = 0; at < part.data.length; at += CHUNK) yield part.data.subarray(at, at + CHUNK);
      else {
        for (let at = 0; at < part.data.size; at += CHUNK) {
          yield stampMp3(patternedBytes(Math.min(CHUNK, part.data.size - at), 1, at), at, part.data.size);
        }
      }
      yield encoder.encode("\r\n");
    }
    if (options.close !== false) yield encoder.encode(`--${boundary}--\r\n`);
  }
  const source = pieces();
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (options.failAfter !== undefined && pulled >= options.failAfter) {
          controller.error(new Error("the client went away (simulated)"));
          return;
        }
        const next = source.next();
        if (next.done) controller.close();
        else {
          pulled += next.value.length;
          controller.enqueue(next.value);
        }
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => pulled };
}

/** The headers (session cookie, client address) `browser` sends, captured without sending anything. */
export async function sessionHeaders(browser: Browser): Promise<Headers> {
  let captured: Request | undefined;
  const original = exports.default.fetch;
  (exports.default as { fetch: (r: Request) => Promise<Response> }).fetch = async (request: Request) => {
    captured = request;
    return new Response(null, { status: 204 });
  };
  try {
    await browser.fetch("/api/distribute", { method: "POST" });
  } finally {
    (exports.default as { fetch: typeof original }).fetch = original;
  }
  return new Headers(captured!.headers);
}

/** POST /api/distribute with a streamed body, answered by the Worker with `uploadEnv` (e.g. a recording R2). */
export async function postStreamed(headers: Headers, form: ReturnType<typeof streamedForm>, uploadEnv: Env = env): Promise<Response> {
  const request = new Request(`${SITE}/api/distribute`, {
    method: "POST",
    headers: { Cookie: headers.get("Cookie") ?? "", "CF-Connecting-IP": headers.get("CF-Connecting-IP") ?? "", Origin: SITE, "Content-Type": form.contentType },
    body: form.stream,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, uploadEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export interface RecordedUpload {
  key: string;
  uploadId: string;
  partsSent: number;
}

/** env.MEDIA that records each multipart upload; `failPart(n)` makes uploading part n fail like R2 down. */
export function recordingMedia(failPart: (partNumber: number) => boolean = () => false) {
  const uploads: RecordedUpload[] = [];
  const wrapUpload = (upload: R2MultipartUpload): R2MultipartUpload => {
    const record: RecordedUpload = { key: upload.key, uploadId: upload.uploadId, partsSent: 0 };
    uploads.push(record);
    return {
      key: upload.key,
      uploadId: upload.uploadId,
      uploadPart: async (partNumber: number, value: Parameters<R2MultipartUpload["uploadPart"]>[1]) => {
        if (failPart(partNumber)) throw new Error("R2 stopped here (simulated)");
        const uploaded = await upload.uploadPart(partNumber, value);
        record.partsSent++;
        return uploaded;
      },
      abort: () => upload.abort(),
      complete: (parts: R2UploadedPart[]) => upload.complete(parts),
    };
  };
  const media = new Proxy(env.MEDIA, {
    get(target, property) {
      if (property === "createMultipartUpload") {
        return async (key: string, options?: R2MultipartOptions) => wrapUpload(await target.createMultipartUpload(key, options));
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { media, uploads };
}

/** Whether a multipart upload can still take parts (false once aborted or completed). */
export async function uploadStillOpen(upload: RecordedUpload): Promise<boolean> {
  try {
    await env.MEDIA.resumeMultipartUpload(upload.key, upload.uploadId).uploadPart(999, new Uint8Array(1));
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored keys an upload writes (each song's audio and cover). A song's delivered copy is left out:
 * the release job writes it later, in the background, for songs paid for in earlier tests, so it can
 * appear between a test's before and after without the upload under test having written anything.
 */
export async function songKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: "songs/", cursor });
    keys.push(...page.objects.map((object) => object.key).filter((key) => !key.endsWith("/delivered.mp3")));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

export const countSongs = async () => (await env.DB.prepare("SELECT count(*) AS n FROM songs").first<{ n: number }>())!.n;
