/**
 * The upload's listening check (workers/api/src/distribution/audio-decode/check-mp3-audio.ts) on a
 * 4-minute, 320 kbps, 44.1 kHz stereo MP3 (a chord that swells and fades, encoded here with lamejs):
 * the check bundled as the Worker holds it (wrangler's esbuild, workerd's conditions, the vendored
 * decoder module) and run in Node's V8, fed 64 KiB pieces as R2 streams them. Prints wall time, CPU
 * (`process.cpuUsage`) and the most memory the check held: V8's heap plus ArrayBuffer storage,
 * sampled after every piece, less what was held before it began. The check includes the fingerprint and
 * the stream copy's encoding; the copy's size and how many of its first bytes decode to a second of
 * audio are printed last.
 * Needs no server or build.
 *   node bench/audio-check.ts [--minutes 4] [--kbps 320] [--runs 3]
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { numberFlag } from "./lib/args.ts";
import { bundleWorkerCode, mpg123Module } from "./lib/bundle-worker-code.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const minutes = numberFlag("minutes", 4);
const kbps = numberFlag("kbps", 320);
const runs = numberFlag("runs", 3);
const RATE = 44_100;

/** A stereo chord (220/277/330 Hz, a little apart between channels) swelling and fading over the song. */
function encodeSong(): Uint8Array {
  const encoder = new Mp3Encoder(2, RATE, kbps);
  const total = Math.round(minutes * 60 * RATE);
  const block = 1152 * 20;
  const chunks: Uint8Array[] = [];
  const keep = (bytes: { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }) => {
    if (bytes.byteLength > 0) chunks.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice());
  };
  for (let at = 0; at < total; at += block) {
    const length = Math.min(block, total - at);
    const left = new Int16Array(length);
    const right = new Int16Array(length);
    for (let i = 0; i < length; i++) {
      const t = (at + i) / RATE;
      const swell = 0.25 + 0.2 * Math.sin((2 * Math.PI * t) / 30);
      const chord = (phase: number) =>
        Math.sin(2 * Math.PI * 220 * t + phase) + Math.sin(2 * Math.PI * 277.2 * t + phase) + Math.sin(2 * Math.PI * 329.6 * t + phase);
      left[i] = Math.round((32767 * swell * chord(0)) / 3);
      right[i] = Math.round((32767 * swell * chord(0.3)) / 3);
    }
    keep(encoder.encodeBuffer(left, right));
  }
  keep(encoder.flush());
  const mp3 = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    mp3.set(chunk, offset);
    offset += chunk.length;
  }
  return mp3;
}

const heldBytes = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

type Check = (
  mp3: AsyncIterable<Uint8Array>,
  wasm: WebAssembly.Module,
) => Promise<{ ok: boolean; measurements?: { integratedLufs: number | null; truePeakDbtp: number }; streamCopy?: Uint8Array }>;
interface Decoder {
  ready: Promise<void>;
  decode(bytes: Uint8Array): { samplesDecoded: number; sampleRate: number };
  free(): void;
}

const { checkMp3Audio, MPEGDecoder } = (await import(
  await bundleWorkerCode(`
    export { checkMp3Audio } from "./src/distribution/audio-decode/check-mp3-audio";
    export { MPEGDecoder } from "mpg123-decoder";
  `)
)) as { checkMp3Audio: Check; MPEGDecoder: (new (options: { enableGapless: boolean }) => Decoder) & { module?: WebAssembly.Module } };
const wasm = await mpg123Module();
console.log(`encoding ${minutes} min of ${kbps} kbps stereo at ${RATE} Hz…`);
const song = encodeSong();
const gc = (globalThis as { gc?: () => void }).gc;

/** The fewest leading bytes of `mp3` that decode to a whole second of audio (whole 64-byte steps). */
async function bytesForFirstSecond(mp3: Uint8Array): Promise<number> {
  MPEGDecoder.module = wasm;
  for (let bytes = 64; bytes <= mp3.length; bytes += 64) {
    const decoder = new MPEGDecoder({ enableGapless: false });
    await decoder.ready;
    const decoded = decoder.decode(mp3.subarray(0, bytes));
    decoder.free();
    if (decoded.samplesDecoded >= decoded.sampleRate && decoded.sampleRate > 0) return bytes;
  }
  return mp3.length;
}

let streamCopy: Uint8Array | undefined;
const rows: string[][] = [];
const walls: number[] = [];
const cpus: number[] = [];
const peaks: number[] = [];
for (let run = 0; run < runs; run++) {
  gc?.();
  const before = heldBytes();
  let peak = 0;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < song.length; at += 65_536) {
      peak = Math.max(peak, heldBytes() - before);
      yield song.subarray(at, at + 65_536);
    }
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  const check = await checkMp3Audio(pieces(), wasm);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (!check.ok) throw new Error("the check refused a clean song");
  streamCopy = check.streamCopy;
  walls.push(wall);
  cpus.push((used.user + used.system) / 1000);
  peaks.push(peak);
  rows.push([
    String(run + 1),
    (wall / 1000).toFixed(2),
    ((used.user + used.system) / 1e6).toFixed(2),
    (peak / 2 ** 20).toFixed(1),
    check.measurements!.integratedLufs!.toFixed(2),
    check.measurements!.truePeakDbtp.toFixed(2),
  ]);
}
console.log(
  `\n${(song.length / 2 ** 20).toFixed(1)} MiB MP3, ${minutes} min, ${kbps} kbps; node ${process.version}${gc ? ", --expose-gc" : " (run with --expose-gc for a steadier memory figure)"}`,
);
printTable("The listening check", ["run", "wall s", "CPU s", "peak held MiB", "LUFS", "dBTP"], rows);
console.log(
  `median: wall ${(median(walls) / 1000).toFixed(2)} s, CPU ${(median(cpus) / 1000).toFixed(2)} s, peak held ${(median(peaks) / 2 ** 20).toFixed(1)} MiB`,
);
if (streamCopy) {
  console.log(
    `stream copy: ${(streamCopy.length / 2 ** 20).toFixed(2)} MiB (${((streamCopy.length * 8) / (minutes * 60) / 1000).toFixed(1)} kbps over the song); ` +
      `its first second of audio decodes from the first ${await bytesForFirstSecond(streamCopy)} bytes`,
  );
}
