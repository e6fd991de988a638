// What the artist and the operator are warned of in a song's audio: silence at either end past 10 s,
// a true peak over 0 dBTP and clipping; and that a clean master is flagged for nothing.
import { describe, expect, it } from "vitest";
import { AudioMeter, audioFlags } from "./measure-audio";

const RATE = 44_100;

/** Stereo: `lead` s of silence, `tone` s of a 440 Hz sine at `peak`, `tail` s of silence. */
function song(lead: number, tone: number, tail: number, peak = 0.5): Float32Array[] {
  const samples = new Float32Array(Math.round((lead + tone + tail) * RATE));
  const start = Math.round(lead * RATE);
  for (let i = 0; i < Math.round(tone * RATE); i++) samples[start + i] = Math.max(-1, Math.min(1, peak * Math.sin((2 * Math.PI * 440 * i) / RATE)));
  return [samples, samples];
}

function measured(channels: Float32Array[]) {
  const meter = new AudioMeter(RATE, channels.length);
  for (let at = 0; at < channels[0]!.length; at += 1152) meter.push(channels.map((samples) => samples.subarray(at, at + 1152)));
  return meter.measurements;
}

describe("the audio check's flags", () => {
  it("flags 15 s of leading silence, and measures it to the sample", () => {
    const result = measured(song(15, 5, 1));
    expect(result.leadingSilenceSeconds).toBeCloseTo(15, 3);
    expect(result.trailingSilenceSeconds).toBeCloseTo(1, 2);
    expect(audioFlags(result)).toEqual(["leading_silence"]);
  });

  it("flags 12 s of trailing silence", () => {
    expect(audioFlags(measured(song(0.5, 5, 12)))).toEqual(["trailing_silence"]);
  });

  it("flags a clipped master: its true peak over 0 dBTP and its samples cut off at full scale", () => {
    const result = measured(song(0, 5, 0, 1.5));
    expect(result.clippedSamples).toBeGreaterThan(1000);
    expect(audioFlags(result)).toEqual(expect.arrayContaining(["true_peak_over_zero", "clipping"]));
  });

  it("flags nothing in a clean master, and measures its loudness", () => {
    const result = measured(song(0.2, 20, 0.2, 0.5));
    expect(audioFlags(result)).toEqual([]);
    expect(result.clippedSamples).toBe(0);
    expect(result.samplePeakDbfs).toBeCloseTo(-6.02, 1);
    // A 440 Hz sine at −6 dBFS peak on both channels: about −6.3 LUFS (K-weighting is ~−0.3 dB there).
    expect(result.integratedLufs).toBeGreaterThan(-7);
    expect(result.integratedLufs).toBeLessThan(-5.5);
  });
});
