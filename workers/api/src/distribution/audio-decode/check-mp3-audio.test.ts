// Listening to an upload: the vendored decoder (compiled from workers/api/vendor/, as the Worker gets it)
// decodes every frame of an encoded song and measures it; damaged audio is refused with where it is;
// and the vendored WebAssembly is the one the installed mpg123-decoder ships.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mpg123WasmBytes } from "../../../../../scripts/mpg123-wasm-bytes.ts";
import { toneMp3 } from "../../../test/mp3-files";
import { checkMp3Audio } from "./check-mp3-audio";

const vendored = readFileSync(new URL("../../../vendor/mpg123-decoder.wasm", import.meta.url));
// Node compiles it here (the Workers types, which this package is checked with, forbid it); the Worker
// gets it compiled by wrangler.
const NodeModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const wasm = new NodeModule(vendored);

/** The bytes as R2 hands them over: in pieces of uneven size. */
async function* pieces(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0, size = 1000; at < bytes.length; at += size, size = (size * 3) % 70_001) yield bytes.subarray(at, at + size);
}

describe("checkMp3Audio", () => {
  it("decodes every frame of an encoded song and measures it", async () => {
    const check = await checkMp3Audio(pieces(toneMp3(10)), wasm);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.samples / check.sampleRate).toBeGreaterThanOrEqual(10);
    // The tone is a 440 Hz sine at 0.3 of full scale (−10.5 dBFS) on one channel, decoded as two; lossy
    // coding moves its peaks by a fraction of a decibel.
    expect(Math.abs(check.measurements.samplePeakDbfs - -10.5)).toBeLessThan(1);
    expect(check.measurements.integratedLufs).toBeGreaterThan(-13);
    expect(check.measurements.integratedLufs).toBeLessThan(-10);
  });

  it("refuses a song whose middle is damaged, saying about where", async () => {
    const song = toneMp3(10);
    const damaged = song.slice();
    damaged.fill(0, Math.floor(song.length / 2), Math.floor(song.length / 2) + 4000);
    const check = await checkMp3Audio(pieces(damaged), wasm);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem).toBe("corrupt_audio");
    expect(check.atSeconds).toBeGreaterThan(3);
    expect(check.atSeconds).toBeLessThan(6);
  });

  it("uses the WebAssembly the installed mpg123-decoder ships (run scripts/vendor-mpg123-wasm.ts after an upgrade)", async () => {
    expect(Buffer.from(await mpg123WasmBytes()).equals(vendored)).toBe(true);
  });
});
