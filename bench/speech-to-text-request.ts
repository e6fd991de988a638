/**
 * What one speech-to-text request costs the queue consumer before Workers AI sees it
 * (docs/decisions/075-speech-to-text-screening.md): the stored MP3 turned into the base64 `audio` of
 * `@cf/openai/whisper-large-v3-turbo` (compliance/speech-to-text.ts `toBase64`, the runtime's Buffer)
 * and the JSON request body it travels in, beside the same through a binary string and `btoa`, and
 * what `@cf/openai/whisper`'s array of byte values would weigh. Per audio size and encoder: the time
 * to encode (median of the runs) and the memory still held after it (V8 heap plus ArrayBuffer
 * storage, a full GC before), next to a Worker's 128 MB. Runs in Node's V8, the engine workerd
 * embeds; no server, nothing sent.
 *
 *   node bench/speech-to-text-request.ts [--bytes 15000000] [--runs 5]
 */
import v8 from "node:v8";
import vm from "node:vm";
import { toBase64 } from "../workers/api/src/compliance/speech-to-text.ts";
import { numberFlag } from "./lib/args.ts";
import { median } from "./lib/stats.ts";
import { ms, printTable } from "./lib/table.ts";

const largest = numberFlag("bytes", 15_000_000);
const runs = numberFlag("runs", 5);
const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);

v8.setFlagsFromString("--expose_gc");
const gc = vm.runInNewContext("gc") as () => void;
const used = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
};

/** Base64 through a binary string, a chunk at a time, for comparison. */
function btoaChunks(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const rows: (string | number)[][] = [];
for (const size of [Math.round(largest / 3), largest]) {
  const audio = new Uint8Array(size);
  for (let i = 0; i < size; i++) audio[i] = (i * 2654435761) >>> 24;
  // The older model's input: the same bytes as a JSON array of numbers (measured on 1 MB, scaled).
  const arrayBodyBytes = JSON.stringify({ audio: Array.from(audio.subarray(0, 1_000_000)) }).length * (size / 1_000_000);
  for (const [name, encode] of [
    ["Buffer (toBase64)", toBase64],
    ["binary string + btoa", btoaChunks],
  ] as const) {
    const times: number[] = [];
    let held = 0;
    let body = "";
    for (let run = 0; run < runs; run++) {
      body = "";
      gc();
      const before = used();
      const started = performance.now();
      body = JSON.stringify({ audio: encode(audio), task: "transcribe", language: "en" });
      times.push(performance.now() - started);
      held = Math.max(held, used() - before);
    }
    if (body.length === 0) throw new Error("no body");
    rows.push([mib(size), name, ms(median(times)), mib(body.length), mib(held), mib(arrayBodyBytes)]);
  }
}
printTable(
  "Speech-to-text request built from a stored MP3",
  ["MP3 MiB", "encoder", "encode + JSON ms (median)", "turbo body MiB", "held after MiB", "whisper array body MiB (est.)"],
  rows,
);
