/**
 * A distributed song's audio and cover from the edge cache: the cache keeps the whole object (an R2
 * key's bytes never change, docs/decisions/052-takedowns.md) and answers ranges, validators
 * (304) and unsatisfiable ranges (416) from it, so a hit reads nothing from R2. A miss is answered by
 * `serveMedia` straight from R2 while the whole object is copied into the cache in the background.
 * Whether the song may be served at all is the route's check, made before this (catalogue/routes/songs.ts):
 * a taken-down song's media are never read from here (docs/decisions/032-edge-cache.md).
 */
import { waitUntil } from "cloudflare:workers";
import { isSingleRange } from "@jplay/schema/byte-range";
import { edgeCache } from "./edge-cache";
import { mediaHeaders, serveMedia, type MediaOptions } from "../platform/serve-media";

/** Request headers the cache answers by; anything else (If-Range, several ranges) goes to R2. */
const ANSWERED_BY_CACHE = ["If-None-Match", "If-Modified-Since"];

const mediaCacheKey = (key: string) => `http://edge-cache.jplay.local/__media/${encodeURIComponent(key)}`;

/** Objects this isolate is copying into the cache right now: one copy per object, however many misses. */
const filling = new Set<string>();

async function fill(bucket: R2Bucket, key: string, cacheControl: string): Promise<void> {
  try {
    const object = await bucket.get(key);
    if (!object) return;
    const headers = mediaHeaders(object, cacheControl);
    headers.set("Content-Length", String(object.size));
    await edgeCache().put(mediaCacheKey(key), new Response(object.body, { headers }));
  } finally {
    filling.delete(key);
  }
}

export async function serveCachedMedia(bucket: R2Bucket, key: string, request: Request, options: MediaOptions): Promise<Response> {
  const range = request.headers.get("Range");
  const cacheAnswers = request.method === "GET" && !request.headers.has("If-Range") && (range === null || isSingleRange(range));
  if (!cacheAnswers) return serveMedia(bucket, key, request, options);

  const lookup = new Headers();
  if (range !== null) lookup.set("Range", range);
  for (const name of ANSWERED_BY_CACHE) {
    const value = request.headers.get(name);
    if (value !== null) lookup.set(name, value);
  }
  const hit = await edgeCache().match(new Request(mediaCacheKey(key), { headers: lookup }));
  // The cache's own answer has immutable headers; the middleware adds its headers to a copy.
  if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });

  const answer = await serveMedia(bucket, key, request, options);
  if (answer.ok && !filling.has(key)) {
    filling.add(key);
    waitUntil(fill(bucket, key, options.cacheControl));
  }
  return answer;
}
