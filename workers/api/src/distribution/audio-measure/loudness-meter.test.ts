// The loudness meter against its standards' own test signals, generated here: EBU Tech 3341's
// stationary sine cases for integrated loudness (±0.1 LU) and EBU Tech 3342's for loudness range
// (±1 LU), and BS.1770-4's published 48 kHz K-weighting coefficients.
import { describe, expect, it } from "vitest";
import { preFilter, rlbFilter } from "./k-weighting";
import { LoudnessMeter } from "./loudness-meter";

/** A 1 kHz sine at each level (dBFS, peak) for its seconds, one after another, on `channels` channels. */
function sineSegments(sampleRate: number, segments: readonly [dbfs: number, seconds: number][], channels = 2): Float32Array[] {
  const total = segments.reduce((sum, [, seconds]) => sum + Math.round(seconds * sampleRate), 0);
  const samples = new Float32Array(total);
  let at = 0;
  for (const [dbfs, seconds] of segments) {
    const amplitude = 10 ** (dbfs / 20);
    for (let i = 0; i < Math.round(seconds * sampleRate); i++, at++) samples[at] = amplitude * Math.sin((2 * Math.PI * 1000 * at) / sampleRate);
  }
  return Array.from({ length: channels }, () => samples);
}

/** Feeds the meter in uneven blocks, as a decoder hands over frames. */
function measure(sampleRate: number, channels: Float32Array[]) {
  const meter = new LoudnessMeter(sampleRate, channels.length);
  const length = channels[0]!.length;
  for (let at = 0, block = 1; at < length; at += block, block = (block * 7 + 1151) % 4099) {
    meter.push(channels.map((samples) => samples.subarray(at, Math.min(length, at + block))));
  }
  return meter.loudness;
}

describe("K-weighting", () => {
  it("gives BS.1770-4's published coefficients at 48 kHz", () => {
    const pre = preFilter(48_000);
    expect(pre.b0).toBeCloseTo(1.53512485958697, 10);
    expect(pre.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(pre.b2).toBeCloseTo(1.19839281085285, 10);
    expect(pre.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(pre.a2).toBeCloseTo(0.73248077421585, 10);
    const rlb = rlbFilter(48_000);
    expect([rlb.b0, rlb.b1, rlb.b2]).toEqual([1, -2, 1]);
    expect(rlb.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(rlb.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe("integrated loudness: EBU Tech 3341's stationary cases, within ±0.1 LU", () => {
  const cases: [name: string, segments: [number, number][], expected: number][] = [
    ["case 1: −23 dBFS for 20 s", [[-23, 20]], -23],
    ["case 2: −33 dBFS for 20 s", [[-33, 20]], -33],
    [
      "case 3: −36, −23, −36 dBFS (relative gate)",
      [
        [-36, 10],
        [-23, 60],
        [-36, 10],
      ],
      -23,
    ],
    [
      "case 4: −72, −36, −23, −36, −72 dBFS (both gates)",
      [
        [-72, 10],
        [-36, 10],
        [-23, 60],
        [-36, 10],
        [-72, 10],
      ],
      -23,
    ],
    [
      "case 5: −26, −20, −26 dBFS",
      [
        [-26, 20],
        [-20, 20.1],
        [-26, 20],
      ],
      -23,
    ],
  ];
  for (const sampleRate of [48_000, 44_100]) {
    for (const [name, segments, expected] of cases) {
      it(`${name} at ${sampleRate} Hz`, () => {
        const { integratedLufs } = measure(sampleRate, sineSegments(sampleRate, segments));
        expect(Math.abs(integratedLufs! - expected)).toBeLessThanOrEqual(0.1);
      });
    }
  }

  it("measures a mono file as dual mono: the same as that signal on both channels of a stereo file", () => {
    const mono = measure(44_100, sineSegments(44_100, [[-23, 20]], 1));
    expect(Math.abs(mono.integratedLufs! - -23)).toBeLessThanOrEqual(0.1);
  });

  it("reads nothing in digital silence or under one gating block", () => {
    expect(measure(44_100, [new Float32Array(44_100 * 5), new Float32Array(44_100 * 5)]).integratedLufs).toBeNull();
    expect(measure(44_100, sineSegments(44_100, [[-23, 0.3]])).integratedLufs).toBeNull();
  });
});

describe("loudness range: EBU Tech 3342's cases, within ±1 LU", () => {
  const cases: [name: string, segments: [number, number][], expected: number][] = [
    [
      "case 1: −20 then −30 dBFS",
      [
        [-20, 20],
        [-30, 20],
      ],
      10,
    ],
    [
      "case 2: −20 then −15 dBFS",
      [
        [-20, 20],
        [-15, 20],
      ],
      5,
    ],
    [
      "case 3: −40 then −20 dBFS",
      [
        [-40, 20],
        [-20, 20],
      ],
      20,
    ],
    [
      "case 4: −50, −35, −20, −35, −50 dBFS",
      [
        [-50, 20],
        [-35, 20],
        [-20, 20],
        [-35, 20],
        [-50, 20],
      ],
      15,
    ],
  ];
  for (const [name, segments, expected] of cases) {
    it(name, () => {
      const { rangeLu } = measure(48_000, sineSegments(48_000, segments));
      expect(Math.abs(rangeLu! - expected)).toBeLessThanOrEqual(1);
    });
  }
});
