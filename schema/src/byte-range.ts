/**
 * HTTP byte ranges (RFC 9110 §14) for media a player seeks in. Pure functions, so the rules are
 * unit-tested apart from R2. One range per request: a multi-range request is answered with the whole
 * object, which the RFC allows and which every audio/video element accepts.
 */
export interface ByteRange {
  offset: number;
  length: number;
}

export type RangeDecision = { kind: "full" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** One `bytes=` range, the only kind `decideRange` answers with part of the object. */
export const isSingleRange = (header: string) => SINGLE_RANGE.test(header.trim());

/** Decide what a `Range` header asks of an object of `size` bytes. */
export function decideRange(header: string | null | undefined, size: number): RangeDecision {
  if (!header) return { kind: "full" };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: "full" }; // unknown unit, several ranges or bad syntax: ignore it
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "full" };

  if (first === "") {
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return { kind: "unsatisfiable" };
    const length = Math.min(suffixLength, size);
    return { kind: "partial", range: { offset: size - length, length } };
  }

  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  if (last !== "" && Number(last) < start) return { kind: "full" }; // invalid: ignore the header
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "partial", range: { offset: start, length: end - start + 1 } };
}

/** `If-None-Match` against the object's ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatchesAny(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => opaque(candidate) === opaque(etag));
}

/**
 * `If-Range`: the range applies only while the client's copy is current. An ETag must match strongly;
 * a date must equal the object's Last-Modified to the second.
 */
export function ifRangeAllows(header: string | null | undefined, etag: string, lastModified: Date): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return !value.startsWith("W/") && value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}
