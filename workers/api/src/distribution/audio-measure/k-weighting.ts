/**
 * The K-weighting of ITU-R BS.1770-4 (a high-shelf "pre-filter" then an RLB high-pass), as two biquads
 * for any sample rate. BS.1770 publishes the coefficients for 48 kHz only; these are derived from the
 * filters' analog prototypes by the bilinear transform, as libebur128 does, and give BS.1770's 48 kHz
 * coefficients back at 48 kHz (loudness-meter.test.ts checks that).
 */

/** Direct form: y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] − a1 y[n-1] − a2 y[n-2]. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Stage 1: the head's acoustic effect, a +4 dB shelf above about 1.7 kHz. */
export function preFilter(sampleRate: number): Biquad {
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / q + k * k;
  return {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
}

/** Stage 2: the "revised low-frequency B-curve", a high-pass at about 38 Hz. */
export function rlbFilter(sampleRate: number): Biquad {
  const f0 = 38.13547087602444;
  const q = 0.5003270373238773;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const a0 = 1 + k / q + k * k;
  return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
}

/** One channel's K-weighting with its filters' state, fed a block at a time. */
export class KWeighting {
  private readonly stages: Biquad[];
  /** Per stage: x[n-1], x[n-2], y[n-1], y[n-2]. */
  private readonly state: Float64Array;

  constructor(sampleRate: number) {
    this.stages = [preFilter(sampleRate), rlbFilter(sampleRate)];
    this.state = new Float64Array(this.stages.length * 4);
  }

  /** Filters `input` into `output` (the same length; may be the same array). */
  process(input: Float32Array, output: Float64Array): void {
    for (let s = 0; s < this.stages.length; s++) {
      const { b0, b1, b2, a1, a2 } = this.stages[s]!;
      const at = s * 4;
      let x1 = this.state[at]!,
        x2 = this.state[at + 1]!,
        y1 = this.state[at + 2]!,
        y2 = this.state[at + 3]!;
      for (let i = 0; i < input.length; i++) {
        const x = s === 0 ? input[i]! : output[i]!;
        const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        output[i] = y;
      }
      this.state.set([x1, x2, y1, y2], at);
    }
  }
}
