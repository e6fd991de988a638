/**
 * Streams an R2 object the way an audio or video element needs it: byte ranges (206/416), validators
 * (ETag, Last-Modified, 304, If-Range) and caching headers. The body streams from R2; it is never
 * buffered in the Worker, whatever its size.
 */
import { AppError, notFound } from "./errors";
import { decideRange, etagMatchesAny, ifRangeAllows } from "@jplay/schema/byte-range";

export interface MediaOptions {
  cacheControl: string;
  /** What a person reads when the object is missing, e.g. "Audio not found" (marked for translation where it is written, platform/errors.ts). */
  missingMessage: string;
}

/** The headers of a whole object's answer (a range answer adds Content-Range and its own length). */
export function mediaHeaders(object: R2Object, cacheControl: string): Headers {
  return new Headers({
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    ETag: object.httpEtag,
    "Last-Modified": object.uploaded.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
}

export async function serveMedia(bucket: R2Bucket, key: string, request: Request, options: MediaOptions) {
  const head = await bucket.head(key);
  if (!head) throw notFound(options.missingMessage);

  const etag = head.httpEtag;
  const headers = mediaHeaders(head, options.cacheControl);

  if (etagMatchesAny(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }

  const rangeHeader = ifRangeAllows(request.headers.get("If-Range"), etag, head.uploaded) ? request.headers.get("Range") : null;
  const decision = decideRange(rangeHeader, head.size);

  if (decision.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }

  const range = decision.kind === "partial" ? decision.range : undefined;
  const length = range ? range.length : head.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + length - 1}/${head.size}`);
  const status = range ? 206 : 200;

  if (request.method === "HEAD") return new Response(null, { status, headers });

  // The ETag guard makes a replaced object between head() and get() fail loudly instead of mixing bytes.
  const object = await bucket.get(key, { range, onlyIf: { etagMatches: head.etag } });
  if (!object) throw notFound(options.missingMessage);
  if (!("body" in object)) throw new AppError(503, "media_changed", /*i18n*/ "The file changed while it was read; try again.");
  return new Response(object.body, { status, headers });
}
