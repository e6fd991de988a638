/**
 * A streaming multipart/form-data reader (RFC 7578, framing of RFC 2046). `Request.formData()` holds
 * the whole body in memory; this reads it part by part, handing out each part's bytes as they arrive,
 * so a song upload never has to fit in memory. Memory stays bounded: at most one part's headers
 * (capped) plus the tail of a chunk that could be the start of a boundary.
 *
 * Use: `nextPart()` for each part's headers (it skips whatever is left of the previous part), then
 * `readChunk()` until it answers null. Every refusal is a MultipartError saying why: bad framing
 * ("malformed"), more bytes than allowed ("too-large", thrown as soon as the limit is crossed) or a
 * body that stopped arriving, e.g. the client went away ("interrupted"). File names are handed out
 * as sent and never trusted: callers store files under keys of their own.
 */

export type MultipartProblem = "malformed" | "too-large" | "interrupted";

export class MultipartError extends Error {
  constructor(
    readonly problem: MultipartProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "MultipartError";
  }
}

export interface PartHead {
  /** The form field's name; null when the part has none (such parts are for the caller to skip). */
  name: string | null;
  /** Present (possibly "") when the part is a file, exactly as sent; null for a text field. */
  filename: string | null;
  /** The declared Content-Type; informational only, files are judged by their bytes. */
  contentType: string | null;
}

export interface MultipartLimits {
  /** The most bytes one part's header block may take. */
  maxHeaderBytes: number;
  /** The most bytes the whole body may take. */
  maxBodyBytes: number;
}

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const CRLF = new Uint8Array([CR, LF]);
const HEADER_END = new Uint8Array([CR, LF, CR, LF]);
const DEFAULT_LIMITS: MultipartLimits = { maxHeaderBytes: 16 * 1024, maxBodyBytes: Number.POSITIVE_INFINITY };

/** RFC 2046 boundary characters (bcharsnospace plus space, which may not end it), 1 to 70 of them. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary of a `multipart/form-data` Content-Type, or null when it is anything else. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  try {
    const [mediaType, ...rest] = splitParameters(contentType);
    if (mediaType?.trim().toLowerCase() !== "multipart/form-data") return null;
    const boundary = parameters(rest).get("boundary");
    return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : null;
  } catch {
    return null;
  }
}

export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly delimiter: Uint8Array;
  private readonly limits: MultipartLimits;
  /** Bytes received and not yet handed out. Starts with the CRLF the first delimiter may lack. */
  private pending: Uint8Array = CRLF;
  private sourceDone = false;
  private received = 0;
  private state: "preamble" | "after-delimiter" | "body" | "done" = "preamble";

  constructor(source: ReadableStream<Uint8Array>, boundary: string, limits: Partial<MultipartLimits> = {}) {
    this.reader = source.getReader();
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** The next part's headers, or null after the closing boundary. Skips the rest of the current part. */
  async nextPart(): Promise<PartHead | null> {
    while (this.state === "body") await this.readChunk();
    if (this.state === "preamble") await this.skipPreamble();
    if (this.state === "done") return null;
    // Right after a delimiter: "--" closes the body; otherwise optional padding, CRLF, then headers.
    await this.fill(2, "The form data ended right after a boundary.");
    if (this.pending[0] === DASH && this.pending[1] === DASH) {
      // The closing boundary: whatever follows it (the epilogue) is not read.
      await this.cancel();
      return null;
    }
    let at = 0;
    for (;;) {
      await this.fill(at + 2, "The form data ended right after a boundary.");
      const byte = this.pending[at];
      if (byte === 0x20 || byte === 0x09) at++;
      else break;
      if (at > 256) throw new MultipartError("malformed", "A boundary line in the form data is malformed.");
    }
    if (this.pending[at] !== CR || this.pending[at + 1] !== LF) throw new MultipartError("malformed", "A boundary line in the form data is malformed.");
    this.consume(at + 2);
    const head = parsePartHeaders(await this.readHeaderBlock());
    this.state = "body";
    return head;
  }

  /** The next bytes of the current part's body, or null at its end. */
  async readChunk(): Promise<Uint8Array | null> {
    while (this.state === "body") {
      const found = indexOf(this.pending, this.delimiter, 0);
      if (found !== -1) {
        const chunk = this.pending.subarray(0, found);
        this.consume(found + this.delimiter.length);
        this.state = "after-delimiter";
        if (chunk.length > 0) return chunk;
        return null;
      }
      // Hand out everything but a tail that could be the start of the delimiter.
      const keep = delimiterPrefixAtEnd(this.pending, this.delimiter);
      if (this.pending.length > keep) {
        const chunk = this.pending.subarray(0, this.pending.length - keep);
        this.consume(chunk.length);
        return chunk;
      }
      if (this.sourceDone) throw new MultipartError("malformed", "The form data ended in the middle of a part.");
      await this.pull();
    }
    return null;
  }

  /** Stops reading the body (after a refusal, or once the closing boundary was read). */
  async cancel(reason?: unknown): Promise<void> {
    this.state = "done";
    this.pending = new Uint8Array(0);
    if (!this.sourceDone) {
      this.sourceDone = true;
      await this.reader.cancel(reason).catch(() => undefined);
    }
  }

  private async skipPreamble() {
    for (;;) {
      const found = indexOf(this.pending, this.delimiter, 0);
      if (found !== -1) {
        this.consume(found + this.delimiter.length);
        this.state = "after-delimiter";
        return;
      }
      if (this.sourceDone) throw new MultipartError("malformed", "The form data has no boundary it declares.");
      // Text before the first boundary is ignored; keep only what could begin the delimiter.
      this.consume(Math.max(0, this.pending.length - (this.delimiter.length - 1)));
      await this.pull();
    }
  }

  private async readHeaderBlock(): Promise<Uint8Array> {
    await this.fill(2, "The form data ended inside a part's headers.");
    if (this.pending[0] === CR && this.pending[1] === LF) {
      this.consume(2);
      return new Uint8Array(0);
    }
    let searchFrom = 0;
    for (;;) {
      const end = indexOf(this.pending, HEADER_END, searchFrom);
      if (end !== -1 && end <= this.limits.maxHeaderBytes) {
        const block = this.pending.slice(0, end);
        this.consume(end + HEADER_END.length);
        return block;
      }
      if (this.pending.length > this.limits.maxHeaderBytes) throw new MultipartError("malformed", "A part's headers in the form data are too large.");
      if (this.sourceDone) throw new MultipartError("malformed", "The form data ended inside a part's headers.");
      searchFrom = Math.max(0, this.pending.length - (HEADER_END.length - 1));
      await this.pull();
    }
  }

  /** Reads until at least `bytes` are pending; a body that ends first is truncated. */
  private async fill(bytes: number, truncated: string) {
    while (this.pending.length < bytes) {
      if (this.sourceDone) throw new MultipartError("malformed", truncated);
      await this.pull();
    }
  }

  private async pull() {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.reader.read();
    } catch (error) {
      this.sourceDone = true;
      throw new MultipartError("interrupted", "The form data stopped arriving before it ended.", { cause: error });
    }
    if (result.done) {
      this.sourceDone = true;
      return;
    }
    const chunk = result.value;
    if (chunk.length === 0) return;
    this.received += chunk.length;
    if (this.received > this.limits.maxBodyBytes) {
      await this.cancel();
      throw new MultipartError("too-large", "The form data is larger than allowed.");
    }
    this.pending = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
  }

  private consume(bytes: number) {
    this.pending = this.pending.subarray(bytes);
  }
}

// ---- Byte search -------------------------------------------------------------------------------

/** Where `needle` first occurs in `haystack` at or after `from`, or -1. */
export function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const last = haystack.length - needle.length;
  const first = needle[0];
  for (let at = haystack.indexOf(first!, from); at !== -1 && at <= last; at = haystack.indexOf(first!, at + 1)) {
    let matched = 1;
    while (matched < needle.length && haystack[at + matched] === needle[matched]) matched++;
    if (matched === needle.length) return at;
  }
  return -1;
}

/** The length of the longest end of `bytes` that is a proper beginning of `delimiter`. */
function delimiterPrefixAtEnd(bytes: Uint8Array, delimiter: Uint8Array): number {
  for (let at = Math.max(0, bytes.length - (delimiter.length - 1)); at < bytes.length; at++) {
    if (bytes[at] !== delimiter[0]) continue;
    let matched = 1;
    while (at + matched < bytes.length && bytes[at + matched] === delimiter[matched]) matched++;
    if (at + matched === bytes.length) return bytes.length - at;
  }
  return 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

// ---- Part headers ------------------------------------------------------------------------------

/** Control characters are not allowed in header values (RFC 9110); a NUL in a name is an attack. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

function parsePartHeaders(block: Uint8Array): PartHead {
  // Folded lines (a line starting with space or tab continues the previous one) are unfolded first.
  const text = new TextDecoder().decode(block).replace(/\r\n(?=[ \t])/g, "");
  const headers = new Map<string, string>();
  for (const line of text === "" ? [] : text.split("\r\n")) {
    if (CONTROL.test(line)) throw new MultipartError("malformed", "A part's headers in the form data hold control characters.");
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError("malformed", "A part's header in the form data is malformed.");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition");
  const [kind, ...rest] = disposition ? splitParameters(disposition) : [];
  const params = kind?.trim().toLowerCase() === "form-data" ? parameters(rest) : new Map<string, string>();
  const filename = params.get("filename*") ?? params.get("filename");
  return { name: params.get("name") ?? null, filename: filename ?? null, contentType: headers.get("content-type") ?? null };
}

/**
 * Splits `type; a=1; b="x;y"` at the semicolons that are not inside quotes. Browsers escape `"` in
 * names as %22 and never use backslash escapes (HTML's multipart encoding), so a backslash is literal.
 */
function splitParameters(header: string): string[] {
  const pieces: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      pieces.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (quoted) throw new MultipartError("malformed", "A header in the form data has an unclosed quote.");
  pieces.push(current);
  return pieces;
}

/** `name=value` pieces (names case-insensitive, first one wins); quotes around a value removed. */
function parameters(pieces: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const piece of pieces) {
    const equals = piece.indexOf("=");
    if (equals <= 0) continue;
    const name = piece.slice(0, equals).trim().toLowerCase();
    let value = piece.slice(equals + 1).trim();
    if (value.startsWith('"')) {
      const quoted = /^"([^"]*)"$/.exec(value);
      if (!quoted) throw new MultipartError("malformed", "A header in the form data has a malformed quoted value.");
      value = quoted[1]!;
    } else if (name.endsWith("*")) {
      value = decodeExtendedValue(value);
    }
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/** RFC 8187 `charset'language'percent-encoded` (e.g. filename*=UTF-8''na%C3%AFve.mp3). */
function decodeExtendedValue(value: string): string {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return value;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return match[2]!;
  }
}
