/**
 * The upload fingerprint (workers/api/src/distribution/audio-fingerprint/, Chromaprint's algorithm)
 * over a test set made from the demo catalogue: each song's demo MP3 is the catalogue copy, and each
 * is made again from the same synthesised audio (upsampled to 44.1 kHz) as a re-upload would be:
 * encoded at 64, 128 and 320 kbps, with its first 5 s trimmed, and 6 dB louder (clipping where it
 * must) and quieter (128 kbps). Every file goes through the listening check as the Worker runs it
 * (bundled, fed 64 KiB pieces). Prints, per transformation, the aligned bit error rate against the
 * catalogue copy and whether it matched (recall), and over every pair of different songs (each copy
 * against every other song's catalogue copy) the lowest bit error rate and the false matches, against
 * the threshold of decision 103. Needs no server or build.
 *   node bench/fingerprint.ts
 */
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { encodeMp3, renderSongSamples, SAMPLE_RATE } from "../scripts/demo/render-mp3.ts";
import { bundleWorkerCode, mpg123Module } from "./lib/bundle-worker-code.ts";
import { printTable } from "./lib/table.ts";

interface Comparison {
  bitErrorRate: number;
  offsetSeconds: number;
}
interface Fingerprinting {
  checkMp3Audio(mp3: AsyncIterable<Uint8Array>, wasm: WebAssembly.Module): Promise<{ ok: boolean; fingerprint?: Uint32Array }>;
  compareFingerprints(a: Uint32Array, b: Uint32Array): Comparison;
  MATCH_BIT_ERROR_RATE: number;
}
const { checkMp3Audio, compareFingerprints, MATCH_BIT_ERROR_RATE } = (await import(
  await bundleWorkerCode(`
    export { checkMp3Audio } from "./src/distribution/audio-decode/check-mp3-audio";
    export { compareFingerprints, MATCH_BIT_ERROR_RATE } from "./src/distribution/audio-fingerprint/compare-fingerprints";
  `)
)) as Fingerprinting;
const wasm = await mpg123Module();

const HI_RATE = 44_100;

function upsample(samples: Float32Array): Float32Array {
  const ratio = HI_RATE / SAMPLE_RATE;
  const out = new Float32Array(Math.floor(samples.length * ratio));
  for (let i = 0; i < out.length; i++) {
    const at = i / ratio;
    const left = Math.floor(at);
    const right = Math.min(samples.length - 1, left + 1);
    out[i] = samples[left]! + (samples[right]! - samples[left]!) * (at - left);
  }
  return out;
}

const scaled = (samples: Float32Array, db: number) => samples.map((value) => value * 10 ** (db / 20));

const TRANSFORMS: { name: string; make: (hi: Float32Array) => Uint8Array }[] = [
  { name: "64 kbps", make: (hi) => encodeMp3(hi, HI_RATE, 64) },
  { name: "128 kbps", make: (hi) => encodeMp3(hi, HI_RATE, 128) },
  { name: "320 kbps", make: (hi) => encodeMp3(hi, HI_RATE, 320) },
  { name: "first 5 s trimmed", make: (hi) => encodeMp3(hi.subarray(5 * HI_RATE), HI_RATE, 128) },
  { name: "+6 dB", make: (hi) => encodeMp3(scaled(hi, 6), HI_RATE, 128) },
  { name: "-6 dB", make: (hi) => encodeMp3(scaled(hi, -6), HI_RATE, 128) },
];

async function fingerprintOf(mp3: Uint8Array): Promise<Uint32Array> {
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < mp3.length; at += 65_536) yield mp3.subarray(at, at + 65_536);
  }
  const check = await checkMp3Audio(pieces(), wasm);
  if (!check.ok || !check.fingerprint) throw new Error("the listening check refused a clean file");
  return check.fingerprint;
}

const catalogue: Uint32Array[] = [];
const copies: { song: number; transform: string; fingerprint: Uint32Array }[] = [];
for (const [index, song] of DEMO_SONGS.entries()) {
  const samples = renderSongSamples(song);
  catalogue.push(await fingerprintOf(encodeMp3(samples)));
  const hi = upsample(samples);
  for (const transform of TRANSFORMS) copies.push({ song: index, transform: transform.name, fingerprint: await fingerprintOf(transform.make(hi)) });
  process.stdout.write(".");
}
console.log(`\n${DEMO_SONGS.length} demo songs, ${copies.length} transformed copies; match under a bit error rate of ${MATCH_BIT_ERROR_RATE}`);

const rows = TRANSFORMS.map(({ name }) => {
  const rates = copies.filter((copy) => copy.transform === name).map((copy) => compareFingerprints(catalogue[copy.song]!, copy.fingerprint).bitErrorRate);
  const matched = rates.filter((rate) => rate < MATCH_BIT_ERROR_RATE).length;
  return [name, `${matched}/${rates.length}`, Math.min(...rates).toFixed(3), Math.max(...rates).toFixed(3)];
});
printTable("Same song (recall)", ["copy", "matched", "lowest BER", "highest BER"], rows);

let pairs = 0;
let falseMatches = 0;
let lowest = 1;
const others = [...catalogue.map((fingerprint, song) => ({ song, fingerprint })), ...copies];
for (const other of others) {
  for (const [song, fingerprint] of catalogue.entries()) {
    if (song === other.song) continue;
    const rate = compareFingerprints(fingerprint, other.fingerprint).bitErrorRate;
    pairs++;
    lowest = Math.min(lowest, rate);
    if (rate < MATCH_BIT_ERROR_RATE) falseMatches++;
  }
}
const recalled = copies.filter((copy) => compareFingerprints(catalogue[copy.song]!, copy.fingerprint).bitErrorRate < MATCH_BIT_ERROR_RATE).length;
console.log(`recall: ${recalled}/${copies.length} (${((100 * recalled) / copies.length).toFixed(1)}%)`);
console.log(`different songs: ${pairs} pairs, lowest BER ${lowest.toFixed(3)}, false matches ${falseMatches}`);
