/**
 * Our streaming multipart reader (workers/api/src/platform/multipart-stream.ts) against the kept
 * library that does the same job, `@remix-run/multipart-parser`, on the upload path's terms: a song
 * upload's form (the text fields, then a 15 MB MP3) arriving as a stream of 64 KiB chunks, each
 * file byte handed on as the upload path hands it to R2. Per parser: the peak memory the parse keeps
 * alive (V8 heap plus ArrayBuffer storage, after a full GC at every chunk), the time to parse the
 * whole body (runs without those GCs), and the bytes it adds to the Worker's bundle (esbuild,
 * minified, and gzipped). Each parser runs from that bundle, as it would in the Worker. Both must
 * read the same fields and the same file bytes. Runs in Node's V8, the engine workerd embeds; no
 * server (docs/decisions/055-multipart-reader-stays.md).
 *
 *   node bench/multipart-parsers.ts [--bytes 15000000] [--runs 5] [--chunk 65536]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import type { parseMultipartStream as RemixParse } from "@remix-run/multipart-parser";
import type { MultipartReader as OurReader } from "../workers/api/src/platform/multipart-stream.ts";
import { numberFlag } from "./lib/args.ts";
import { mp3Bytes } from "./lib/artist-client.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const bytes = numberFlag("bytes", 15_000_000);
const runs = numberFlag("runs", 5);
const chunkBytes = numberFlag("chunk", 65_536);
const repoRoot = path.resolve(import.meta.dirname, "..");
const mib = (n: number) => (n / (1024 * 1024)).toFixed(2);

v8.setFlagsFromString("--expose_gc");
const gc = vm.runInNewContext("gc") as () => void;

// ---- The upload's body ----------------------------------------------------------------------------

const BOUNDARY = "----JPlayBenchBoundary7MA4YWxkTrZu0gW";
const FIELDS: Record<string, string> = { artistName: "Bench Artist", songTitle: "Bench Upload", price: "1.99", explicit: "false" };
const song = mp3Bytes(bytes);
const encoder = new TextEncoder();
/** One buffer of the chunks, in order. */
const concat = (chunks: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(chunks));
const body = concat([
  encoder.encode(
    Object.entries(FIELDS)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="songFile"; filename="song.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  ),
  song,
  encoder.encode(`\r\n--${BOUNDARY}--\r\n`),
]);

/** What a parse saw: the text fields, and how many file bytes it handed on. */
interface Parsed {
  fields: Record<string, string>;
  fileBytes: number;
}

/**
 * One parse of the upload. With `sampleLive`, a full GC runs as each network chunk arrives and the
 * memory then held is sampled: the peak is what the parse keeps alive, not garbage waiting for a
 * collection. Without it nothing is sampled, and the time is the parse's own.
 */
async function parseOnce(parse: (stream: ReadableStream<Uint8Array>) => Promise<Parsed>, sampleLive: boolean) {
  gc();
  const baseline = heldBytes();
  let peak = baseline;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sampleLive) {
        gc();
        peak = Math.max(peak, heldBytes());
      }
      if (offset >= body.length) return controller.close();
      // A fresh buffer per chunk, as the network hands them over.
      controller.enqueue(body.slice(offset, (offset += chunkBytes)));
    },
  });
  const started = performance.now();
  const parsed = await parse(stream);
  const elapsedMs = performance.now() - started;
  return { parsed, elapsedMs, peakLiveBytes: peak - baseline };
}

function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

// ---- The two parsers, each used as the upload path uses a parser ----------------------------------

const decoder = new TextDecoder();

async function withOurs(stream: ReadableStream<Uint8Array>, { MultipartReader }: { MultipartReader: typeof OurReader }): Promise<Parsed> {
  const reader = new MultipartReader(stream, BOUNDARY, { maxBodyBytes: bytes + 1_000_000 });
  const parsed: Parsed = { fields: {}, fileBytes: 0 };
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    const chunks: Uint8Array[] = [];
    for (let chunk = await reader.readChunk(); chunk; chunk = await reader.readChunk()) {
      // A file's bytes go on (to R2) as they come; a field's few bytes are kept.
      if (part.filename !== null) parsed.fileBytes += chunk.length;
      else chunks.push(chunk);
    }
    if (part.filename === null && part.name) parsed.fields[part.name] = decoder.decode(concat(chunks));
  }
  return parsed;
}

async function withRemix(stream: ReadableStream<Uint8Array>, { parseMultipartStream }: { parseMultipartStream: typeof RemixParse }): Promise<Parsed> {
  const parsed: Parsed = { fields: {}, fileBytes: 0 };
  // Its limits, set to the upload's: by default a part may hold 2 MiB.
  for await (const part of parseMultipartStream(stream, { boundary: BOUNDARY, maxFileSize: bytes + 1_000_000, maxTotalSize: bytes + 2_000_000 })) {
    if (part.isFile) for (const chunk of part.content) parsed.fileBytes += chunk.length;
    else if (part.name) parsed.fields[part.name] = part.text;
  }
  return parsed;
}

// ---- Bundles ---------------------------------------------------------------------------------------

/** What this calls of esbuild (wrangler's dependency, not one of ours, so typed here). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
}

const bundleDir = await mkdtemp(path.join(os.tmpdir(), "jplay-multipart-bench-"));

/**
 * An import as the Worker's bundle holds it: esbuild (wrangler's own), minified. Answers its bytes,
 * raw and gzipped, and the module loaded from that very code.
 */
async function bundled<T>(name: string, entry: string): Promise<{ raw: number; gzip: number; module: T }> {
  const esbuild = createRequire(path.join(repoRoot, "node_modules/wrangler/package.json"))("esbuild") as Esbuild;
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: import.meta.dirname, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  const file = path.join(bundleDir, `${name}.mjs`);
  await writeFile(file, code);
  return { raw: code.length, gzip: gzipSync(code).length, module: (await import(pathToFileURL(file).href)) as T };
}

// ---- Run ------------------------------------------------------------------------------------------

const ours = await bundled<{ MultipartReader: typeof OurReader }>(
  "ours",
  `export { MultipartReader, multipartBoundary } from ${JSON.stringify(path.join(repoRoot, "workers/api/src/platform/multipart-stream.ts"))};`,
);
const remix = await bundled<{ parseMultipartStream: typeof RemixParse }>(
  "remix",
  `export { parseMultipartStream, getMultipartBoundary, MultipartParseError } from "@remix-run/multipart-parser";`,
);
const parsers = [
  { name: "ours (platform/multipart-stream.ts)", bundle: ours, parse: (stream: ReadableStream<Uint8Array>) => withOurs(stream, ours.module) },
  { name: "@remix-run/multipart-parser 0.16.3", bundle: remix, parse: (stream: ReadableStream<Uint8Array>) => withRemix(stream, remix.module) },
];

const rows: (string | number)[][] = [];
try {
  for (const parser of parsers) {
    await parseOnce(parser.parse, false); // warms the JIT
    const memory = [];
    const timing = [];
    for (let run = 0; run < runs; run++) {
      memory.push(await parseOnce(parser.parse, true));
      timing.push(await parseOnce(parser.parse, false));
    }
    for (const { parsed } of [...memory, ...timing]) {
      if (parsed.fileBytes !== song.length || JSON.stringify(parsed.fields) !== JSON.stringify(FIELDS)) {
        throw new Error(`${parser.name} read ${parsed.fileBytes} file bytes and ${JSON.stringify(parsed.fields)}`);
      }
    }
    rows.push([
      parser.name,
      mib(median(memory.map((trial) => trial.peakLiveBytes))),
      mib(Math.max(...memory.map((trial) => trial.peakLiveBytes))),
      median(timing.map((trial) => trial.elapsedMs)).toFixed(1),
      (parser.bundle.raw / 1024).toFixed(1),
      (parser.bundle.gzip / 1024).toFixed(1),
    ]);
  }
} finally {
  await rm(bundleDir, { recursive: true, force: true });
}

printTable(
  `Multipart parsers: a ${mib(body.length)} MiB upload (${Object.keys(FIELDS).length} fields + a ${mib(song.length)} MiB MP3) in ${chunkBytes / 1024} KiB chunks, median of ${runs} runs (Node ${process.version})`,
  ["parser", "peak live MiB (median)", "peak live MiB (max)", "parse ms (median)", "bundle KiB", "bundle KiB gzip"],
  rows,
);
