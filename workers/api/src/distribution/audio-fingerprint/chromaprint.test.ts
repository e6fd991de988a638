// The fingerprint follows Chromaprint's own published cases: silence gives its documented silence
// sub-fingerprint as many times as Chromaprint's API test counts; a steady tone gives one
// sub-fingerprint over and over (the chroma never changes); the same audio gives the same fingerprint
// however it is cut into blocks and whatever its rate; and comparison finds where a copy starts.
import { describe, expect, it } from "vitest";
import { compareFingerprints, isSameRecording } from "./compare-fingerprints";
import { AudioFingerprinter } from "./fingerprint-audio";
import { SUB_FINGERPRINT_SECONDS } from "./chromaprint";

/** Chromaprint's silence sub-fingerprint (its API test "Test2SilenceRawFp"; AcoustID skips it as SILENCE_HASH). */
const SILENCE = 627_964_279;

function fingerprint(sampleRate: number, channels: Float32Array[], block = 1024): Uint32Array {
  const fingerprinter = new AudioFingerprinter(sampleRate);
  const length = channels[0]!.length;
  for (let at = 0; at < length; at += block) fingerprinter.push(channels.map((channel) => channel.subarray(at, at + block)));
  return fingerprinter.fingerprint;
}

const tone = (sampleRate: number, seconds: number, hz: number, amplitude = 0.3) =>
  Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate));

/** Notes with a different chord every half second, so no two stretches of the fingerprint are alike. */
function melody(sampleRate: number, seconds: number): Float32Array {
  const notes = [0, 4, 7, 2, 9, 5, 11, 3, 8, 1, 6, 10];
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => {
    const t = i / sampleRate;
    const step = Math.floor(t * 2);
    const hz = (n: number) => 220 * 2 ** (notes[(step * 5 + n) % 12]! / 12);
    return 0.2 * Math.sin(2 * Math.PI * hz(0) * t) + 0.15 * Math.sin(2 * Math.PI * hz(3) * t) + 0.1 * Math.sin(2 * Math.PI * hz(7) * t);
  });
}

describe("the Chromaprint fingerprint", () => {
  it("gives Chromaprint's silence sub-fingerprint, three of them for 130 blocks of 1024 zeros at 44.1 kHz", () => {
    expect([...fingerprint(44_100, [new Float32Array(130 * 1024)])]).toEqual([SILENCE, SILENCE, SILENCE]);
  });

  it("gives one sub-fingerprint over and over for a steady tone, another for another note", () => {
    const a = fingerprint(44_100, [tone(44_100, 10, 440)]);
    const e = fingerprint(44_100, [tone(44_100, 10, 659.26)]);
    expect(a.length).toBe(Math.floor((10 * 11_025 - 4096 - 32) / 1365) + 1 - 4 - 15);
    expect(new Set(a)).toEqual(new Set([a[0]]));
    expect(new Set(e)).toEqual(new Set([e[0]]));
    expect(e[0]).not.toBe(a[0]);
    expect(a[0]).not.toBe(SILENCE);
  });

  it("gives the same fingerprint for the same audio, however it is cut into blocks and whether mono or stereo", () => {
    const song = melody(44_100, 20);
    const whole = fingerprint(44_100, [song], song.length);
    expect(fingerprint(44_100, [song], 1152)).toEqual(whole);
    expect(fingerprint(44_100, [song, song], 4410)).toEqual(whole);
    expect(whole.length).toBe(140);
    expect(new Set(whole).size).toBeGreaterThan(20);
  });

  it("matches the same song at another sample rate, and a copy missing its start where it begins", () => {
    const at44 = fingerprint(44_100, [melody(44_100, 30)]);
    const at48 = fingerprint(48_000, [melody(48_000, 30)]);
    const at22 = fingerprint(22_050, [melody(22_050, 30)]);
    expect(compareFingerprints(at44, at48).bitErrorRate).toBeLessThan(0.05);
    expect(compareFingerprints(at44, at22).bitErrorRate).toBeLessThan(0.05);

    const skip = 40 * 1365 * 4; // 40 sub-fingerprints of 44.1 kHz audio
    const tail = fingerprint(44_100, [melody(44_100, 30).subarray(skip)]);
    const found = compareFingerprints(at44, tail);
    expect(found.bitErrorRate).toBe(0);
    expect(found.offsetSeconds).toBeCloseTo(40 * SUB_FINGERPRINT_SECONDS, 6);
    expect(isSameRecording(found)).toBe(true);
  });

  it("does not match a different song", () => {
    const song = fingerprint(44_100, [melody(44_100, 30)]);
    const other = fingerprint(44_100, [tone(44_100, 30, 440).map((value, i) => value * (1 + Math.sin(i / 20_000)))]);
    expect(isSameRecording(compareFingerprints(song, other))).toBe(false);
  });
});
