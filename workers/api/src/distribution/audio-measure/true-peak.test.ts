// The true-peak meter against EBU Tech 3341's true-peak cases 15–19, generated here (48 kHz sines whose
// peaks fall between samples), within ±0.2 dB; and the same signals at 44.1 kHz's matching frequencies.
import { describe, expect, it } from "vitest";
import { TruePeakMeter } from "./true-peak";

/**
 * A sine of `peak` (linear full scale) at `sampleRate / divisor`, its phase offset by `phaseDegrees`,
 * faded in over 10 ms (`fadeIn` false: starting at full level, a step whose ringing is a real peak).
 */
function sine(sampleRate: number, peak: number, divisor: number, phaseDegrees: number, fadeIn = true): Float32Array {
  const samples = new Float32Array(sampleRate);
  const phase = (phaseDegrees * Math.PI) / 180;
  const fade = fadeIn ? sampleRate / 100 : 0;
  for (let i = 0; i < samples.length; i++) {
    const gain = i < fade ? (1 - Math.cos((Math.PI * i) / fade)) / 2 : 1;
    samples[i] = gain * peak * Math.sin((2 * Math.PI * i) / divisor + phase);
  }
  return samples;
}

function truePeak(samples: Float32Array): TruePeakMeter {
  const meter = new TruePeakMeter(2);
  for (let at = 0; at < samples.length; at += 1000) meter.push([samples.subarray(at, at + 1000), samples.subarray(at, at + 1000)]);
  return meter;
}

describe("EBU Tech 3341's true-peak cases, within ±0.2 dB", () => {
  const cases: [name: string, peak: number, divisor: number, phase: number, expected: number][] = [
    ["case 15: 0.5 FS at fs/4, 0°", 0.5, 4, 0, -6.02],
    ["case 16: 0.5 FS at fs/4, 45°", 0.5, 4, 45, -6.02],
    ["case 17: 0.5 FS at fs/6, 60°", 0.5, 6, 60, -6.02],
    ["case 18: 0.5 FS at fs/8, 67.5°", 0.5, 8, 67.5, -6.02],
    ["case 19: 1.41 FS at fs/4, 45° (samples at full scale)", 1.41, 4, 45, 20 * Math.log10(1.41)],
  ];
  for (const sampleRate of [48_000, 44_100]) {
    for (const [name, peak, divisor, phase, expected] of cases) {
      it(`${name} at ${sampleRate} Hz`, () => {
        const meter = truePeak(sine(sampleRate, peak, divisor, phase));
        expect(Math.abs(meter.truePeakDbtp - expected)).toBeLessThanOrEqual(0.2);
      });
    }
  }

  it("reads the overshoot of a tone that starts at full level: the step rings past the tone's peak on playback", () => {
    const abrupt = truePeak(sine(48_000, 0.5, 8, 67.5, false));
    expect(abrupt.truePeakDbtp).toBeGreaterThan(-6.02 + 0.2);
  });

  it("reads a true peak above the sample peak when the peaks fall between samples", () => {
    const meter = truePeak(sine(48_000, 1.41, 4, 45));
    expect(meter.samplePeakDbfs).toBeCloseTo(0, 1);
    expect(meter.truePeakDbtp).toBeGreaterThan(2.8);
  });
});
