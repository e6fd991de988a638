/**
 * The streaming multipart reader against bodies cut into every kind of chunking: generated forms
 * (encoded by Node's own FormData and by hand with boundary look-alikes in the data) read back
 * intact, the reader never holding more than a chunk plus a boundary, and each malformed, truncated,
 * oversized or interrupted body refused with its reason.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MultipartError, MultipartReader, multipartBoundary, type MultipartLimits, type PartHead } from "./multipart-stream";

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text);
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

function concat(pieces: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/** A stream of `body` cut at `cuts` (positions, any order, duplicates make empty chunks). */
function chunked(body: Uint8Array, cuts: number[] = []) {
  const edges = [0, ...cuts.map((cut) => Math.min(cut, body.length)).sort((a, b) => a - b), body.length];
  const chunks = edges.slice(1).map((end, i) => body.slice(edges[i], end));
  let pulled = 0;
  // No read-ahead (high-water mark 0): `pulled` is exactly what the reader asked for.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else {
          pulled += next.length;
          controller.enqueue(next);
        }
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, largestChunk: Math.max(0, ...chunks.map((c) => c.length)), pulled: () => pulled };
}

interface ReadPart extends PartHead {
  bytes: Uint8Array;
}

/** Every part with its whole body; also the largest chunk the reader handed out. */
async function readAll(stream: ReadableStream<Uint8Array>, boundary: string, limits: Partial<MultipartLimits> = {}) {
  const reader = new MultipartReader(stream, boundary, limits);
  const parts: ReadPart[] = [];
  let largestOut = 0;
  for (let head = await reader.nextPart(); head; head = await reader.nextPart()) {
    const pieces: Uint8Array[] = [];
    for (let chunk = await reader.readChunk(); chunk; chunk = await reader.readChunk()) {
      expect(chunk.length).toBeGreaterThan(0);
      largestOut = Math.max(largestOut, chunk.length);
      pieces.push(chunk);
    }
    parts.push({ ...head, bytes: concat(pieces) });
  }
  return { parts, largestOut };
}

async function refusal(promise: Promise<unknown>): Promise<MultipartError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MultipartError);
  return error as MultipartError;
}

/** Cut points anywhere in a body of `length` bytes, including many tiny chunks. */
const cutsFor = (length: number) => fc.array(fc.integer({ min: 0, max: length }), { maxLength: 40 });

// ---- Generated forms ---------------------------------------------------------------------------

/** Field names and file names a browser could send (quotes and line breaks it would escape are left out). */
const safeName = fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).filter((s) => !/[\u0000-\u001f\u007f"]/.test(s));
/** File bytes rich in boundary look-alikes: CR, LF, dashes, and pieces of the boundary itself. */
const trickyBytes = (boundary: string) =>
  fc
    .array(
      fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc
          .constantFrom("\r", "\n", "\r\n", "-", "--", "\r\n-", "\r\n--", `--${boundary}`, `\r\n--${boundary.slice(0, -1)}`, `\r\n--${boundary}x`.slice(0, -1))
          .map(bytesOf),
      ),
      { maxLength: 24 },
    )
    .map(concat)
    .filter((bytes) => !latin1(bytes).includes(`\r\n--${boundary}`));

// (Node leaves out an empty file name altogether; the hand-written bodies below cover filename="".)
const entry = fc.oneof(
  fc.record({ name: safeName, text: fc.string({ unit: "binary", maxLength: 40 }) }),
  fc.record({
    name: safeName,
    filename: fc.oneof(safeName, fc.constantFrom("../../etc/passwd", "..\\..\\x", "C:\\Users\\a\\song.mp3", "/abs/path.mp3")),
    bytes: fc.uint8Array({ maxLength: 3000 }),
  }),
);

/** What Node's FormData serialisation makes of a text value: every line break becomes CRLF. */
const normalisedText = (text: string) => text.replace(/\r\n|\r|\n/g, "\r\n");

describe("MultipartReader reads back what FormData encoded, however the body is cut", () => {
  it("text fields and files, in any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 40 }), async (entries, randomCuts) => {
        const form = new FormData();
        for (const e of entries) {
          if ("text" in e) form.append(e.name, e.text);
          else form.append(e.name, new Blob([e.bytes]), e.filename);
        }
        const response = new Response(form);
        const boundary = multipartBoundary(response.headers.get("Content-Type"));
        expect(boundary).not.toBeNull();
        const body = new Uint8Array(await response.arrayBuffer());
        // The same body under three chunkings: whole, one byte at a time near the edges, random cuts.
        const cuttings = [[], Array.from({ length: Math.min(body.length, 300) }, (_, i) => i), randomCuts.map((cut) => cut % (body.length + 1))];
        for (const cuts of cuttings) {
          const { stream, largestChunk } = chunked(body, cuts);
          const { parts, largestOut } = await readAll(stream, boundary!);
          expect(parts.map((p) => p.name)).toEqual(entries.map((e) => e.name));
          parts.forEach((part, i) => {
            const expected = entries[i]!;
            if ("text" in expected) {
              expect(part.filename).toBeNull();
              expect(new TextDecoder().decode(part.bytes)).toBe(normalisedText(expected.text));
            } else {
              expect(part.filename).toBe(expected.filename);
              expect(part.bytes).toEqual(expected.bytes);
            }
          });
          // Bounded memory: nothing handed out is bigger than what came in plus a boundary's worth.
          expect(largestOut).toBeLessThanOrEqual(largestChunk + boundary!.length + 4);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("files full of boundary look-alikes, with preamble and epilogue, cut anywhere", async () => {
    const boundary = "b0und-ary";
    const body = fc.array(trickyBytes(boundary), { minLength: 1, maxLength: 4 }).chain((files) => {
      const encoded = concat([
        bytesOf(`preamble --${boundary}x is not a boundary\r\n`),
        ...files.flatMap((file, i) => [
          bytesOf(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"; filename="f${i}.bin"\r\n\r\n`),
          file,
          bytesOf("\r\n"),
        ]),
        bytesOf(`--${boundary}--\r\nepilogue\r\n--${boundary}\r\nignored`),
      ]);
      return fc.tuple(fc.constant(files), fc.constant(encoded), cutsFor(encoded.length));
    });
    await fc.assert(
      fc.asyncProperty(body, async ([files, encoded, cuts]) => {
        const { stream, largestChunk } = chunked(encoded, cuts);
        const { parts, largestOut } = await readAll(stream, boundary);
        expect(parts.map((p) => p.bytes)).toEqual(files);
        expect(parts.map((p) => p.name)).toEqual(files.map((_, i) => `f${i}`));
        expect(largestOut).toBeLessThanOrEqual(largestChunk + boundary.length + 4);
      }),
      { numRuns: 200 },
    );
  });
});

// ---- Hand-written bodies -----------------------------------------------------------------------

const B = "XyZ";
const part = (headers: string, data: string) => `--${B}\r\n${headers}\r\n\r\n${data}\r\n`;
const close = `--${B}--\r\n`;
const read = (body: string | Uint8Array, cuts?: number[], limits?: Partial<MultipartLimits>) =>
  readAll(chunked(typeof body === "string" ? bytesOf(body) : body, cuts).stream, B, limits);

describe("MultipartReader part headers", () => {
  it("reads quoted and bare parameters, any letter case, a semicolon inside quotes, folded lines", async () => {
    const { parts } = await read(
      part("content-disposition: FORM-DATA; NAME=artistName", "Ada") +
        part('Content-Disposition: form-data; name="a;b"; filename="x; y.mp3"\r\nContent-Type: audio/mpeg', "\xff") +
        part('Content-Disposition: form-data;\r\n name="folded"', "f") +
        part(`Content-Disposition: form-data; name="ext"; filename="plain.mp3"; filename*=UTF-8''na%C3%AFve%20song.mp3`, "e") +
        close,
    );
    expect(parts.map(({ name, filename, contentType }) => ({ name, filename, contentType }))).toEqual([
      { name: "artistName", filename: null, contentType: null },
      { name: "a;b", filename: "x; y.mp3", contentType: "audio/mpeg" },
      { name: "folded", filename: null, contentType: null },
      { name: "ext", filename: "naïve song.mp3", contentType: null },
    ]);
  });

  it("hands out file names with path tricks exactly as sent, backslashes included", async () => {
    for (const filename of ["../../etc/passwd", "..\\..\\x", "C:\\fakepath\\", "%2e%2e%2f", "/", "\u202emp3.exe", ""]) {
      const { parts } = await read(part(`Content-Disposition: form-data; name="songFile"; filename="${filename}"`, "data") + close);
      expect(parts[0]!.filename).toBe(filename);
    }
  });

  it("parts without a name, without a disposition or without any header are read with a null name", async () => {
    const { parts } = await read(
      part("Content-Disposition: form-data", "1") +
        part("Content-Type: text/plain", "2") +
        `--${B}\r\n\r\n3\r\n` +
        part('Content-Disposition: attachment; name="x"', "4") +
        close,
    );
    expect(parts.map((p) => [p.name, latin1(p.bytes)])).toEqual([
      [null, "1"],
      [null, "2"],
      [null, "3"],
      [null, "4"],
    ]);
  });

  it("allows padding after a boundary and an empty part body; CRLF inside data is data", async () => {
    const { parts } = await read(
      `--${B} \t\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n--${B}\r\nContent-Disposition: form-data; name="b"\r\n\r\n\r\n\r\n\r\n${close}`,
    );
    expect(parts.map((p) => latin1(p.bytes))).toEqual(["", "\r\n\r\n"]);
  });

  it.each([
    ["a NUL in a file name", part('Content-Disposition: form-data; name="songFile"; filename="a\u0000b.mp3"', "x") + close],
    ["a bare LF in a header", part('Content-Disposition: form-data; name="a"\nX-Injected: 1', "x") + close],
    ["a header line without a colon", part("Content-Disposition form-data", "x") + close],
    ["an unclosed quote", part('Content-Disposition: form-data; name="songFile', "x") + close],
    ["junk after a quoted value", part('Content-Disposition: form-data; name="a"b', "x") + close],
    ["junk after a boundary", `--${B}junk\r\n` + close],
  ])("refuses %s as malformed", async (_name, body) => {
    expect((await refusal(read(body))).problem).toBe("malformed");
  });

  it("refuses a header block larger than the limit without reading the rest of the body", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytesOf(`--${B}\r\nContent-Disposition: form-data; name="a"\r\nX-Filler: `));
      },
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024).fill(0x61));
      },
    });
    const error = await refusal(readAll(endless, B, { maxHeaderBytes: 8 * 1024 }));
    expect(error.problem).toBe("malformed");
    expect(error.message).toMatch(/headers .* too large/);
    expect(pulled).toBeLessThan(16 * 1024);
  });
});

describe("MultipartReader framing", () => {
  it("a body without the boundary it declares, or empty, is malformed", async () => {
    expect((await refusal(read("just some text"))).problem).toBe("malformed");
    expect((await refusal(read(""))).problem).toBe("malformed");
    expect((await refusal(readAll(chunked(bytesOf(part('Content-Disposition: form-data; name="a"', "x") + close)).stream, "other"))).problem).toBe("malformed");
  });

  it.each([
    ["without the closing boundary", part('Content-Disposition: form-data; name="a"', "x")],
    ["cut inside a part's data", `--${B}\r\nContent-Disposition: form-data; name="songFile"; filename="a.mp3"\r\n\r\n\xff\xfb`],
    ["cut inside a part's headers", `--${B}\r\nContent-Disposition: form-da`],
    ["cut right after a boundary", `--${B}`],
    ["cut inside the closing boundary", `${part('Content-Disposition: form-data; name="a"', "x")}--${B}-`],
  ])("a body %s is malformed, however it is chunked", async (_name, body) => {
    const bytes = bytesOf(body);
    await fc.assert(
      fc.asyncProperty(cutsFor(bytes.length), async (cuts) => {
        expect((await refusal(read(bytes, cuts))).problem).toBe("malformed");
      }),
      { numRuns: 30 },
    );
  });

  it("a closing boundary without the final CRLF ends the body; nothing after it is read", async () => {
    const { parts } = await read(`${part('Content-Disposition: form-data; name="a"', "x")}--${B}--`);
    expect(parts).toHaveLength(1);
    const upToClose = bytesOf(`${part('Content-Disposition: form-data; name="a"', "x")}--${B}--`);
    const withEpilogue = chunked(concat([upToClose, bytesOf("\r\nan epilogue the reader never asks for")]), [upToClose.length]);
    expect((await readAll(withEpilogue.stream, B)).parts).toHaveLength(1);
    expect(withEpilogue.pulled()).toBe(upToClose.length);
  });

  it("skips the unread rest of a part when asked for the next one", async () => {
    const reader = new MultipartReader(
      chunked(
        bytesOf(part('Content-Disposition: form-data; name="big"', "y".repeat(5000)) + part('Content-Disposition: form-data; name="after"', "z") + close),
        [10, 100, 4000],
      ).stream,
      B,
    );
    expect((await reader.nextPart())?.name).toBe("big");
    expect((await reader.readChunk())?.length).toBeGreaterThan(0);
    const next = await reader.nextPart();
    expect(next?.name).toBe("after");
    expect(latin1((await reader.readChunk())!)).toBe("z");
    expect(await reader.readChunk()).toBeNull();
    expect(await reader.nextPart()).toBeNull();
  });

  it("refuses a body over maxBodyBytes as soon as it is crossed, and stops reading", async () => {
    const data = "d".repeat(10_000);
    const body = bytesOf(part('Content-Disposition: form-data; name="f"; filename="f"', data) + part('Content-Disposition: form-data; name="g"', data) + close);
    const source = chunked(
      body,
      Array.from({ length: 40 }, (_, i) => i * 1000),
    );
    const error = await refusal(readAll(source.stream, B, { maxBodyBytes: 12_000 }));
    expect(error.problem).toBe("too-large");
    expect(source.pulled()).toBeLessThanOrEqual(13_000);
    // At the limit exactly, it is read whole.
    expect((await readAll(chunked(body, [5000]).stream, B, { maxBodyBytes: body.length })).parts).toHaveLength(2);
  });

  it("a body that stops arriving is interrupted, not malformed", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytesOf(`--${B}\r\nContent-Disposition: form-data; name="songFile"; filename="a.mp3"\r\n\r\nabc`));
      },
      pull(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    const error = await refusal(readAll(failing, B));
    expect(error.problem).toBe("interrupted");
  });
});

describe("multipartBoundary", () => {
  it.each([
    ["multipart/form-data; boundary=----WebKitFormBoundaryAbC123", "----WebKitFormBoundaryAbC123"],
    ['Multipart/Form-Data; charset=utf-8; BOUNDARY="with space and:colon"', "with space and:colon"],
    ["multipart/form-data;boundary=x", "x"],
    ["multipart/form-data", null],
    ["multipart/form-data; boundary=", null],
    [`multipart/form-data; boundary=${"a".repeat(71)}`, null],
    ['multipart/form-data; boundary="ends with space "', null],
    ["multipart/form-data; boundary=bad\u0000byte", null],
    ['multipart/form-data; boundary="unclosed', null],
    ["multipart/mixed; boundary=x", null],
    ["application/json", null],
    [undefined, null],
  ])("%s → %s", (contentType, expected) => {
    expect(multipartBoundary(contentType)).toBe(expected);
  });
});
