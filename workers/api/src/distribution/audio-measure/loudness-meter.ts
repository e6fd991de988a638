/**
 * Integrated loudness (LUFS) per ITU-R BS.1770-4 and loudness range (LU) per EBU Tech 3342, fed a
 * block of decoded audio at a time so a whole song is measured in flat memory: each channel is
 * K-weighted (k-weighting.ts) and its energy summed into 100 ms steps; the 400 ms gating blocks (75%
 * overlap) and the 3 s short-term windows are made from those steps at the end (a four-minute song is
 * 2,400 numbers).
 *
 * Gating: blocks under −70 LUFS are dropped, then those more than 10 LU (integrated) or 20 LU (range)
 * under the rest's power mean. A mono file is measured as dual mono (both of the tablet's earbuds play
 * it), so it reads 3 dB louder than one channel alone would, as a stereo file with the same signal on
 * both channels does.
 */
import { KWeighting } from "./k-weighting";

const ABSOLUTE_GATE_LUFS = -70;
const INTEGRATED_RELATIVE_GATE_LU = -10;
const RANGE_RELATIVE_GATE_LU = -20;
/** 400 ms gating blocks and 3 s short-term windows, in 100 ms steps. */
const BLOCK_STEPS = 4;
const SHORT_TERM_STEPS = 30;

const lufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

export interface Loudness {
  /** Null when nothing passes the gates (silence, or under 400 ms of audio). */
  integratedLufs: number | null;
  /** Null when under 3 s of audio passes the gates. */
  rangeLu: number | null;
}

export class LoudnessMeter {
  private readonly filters: KWeighting[];
  private readonly channelWeight: number;
  private readonly stepLength: number;
  /** Each finished 100 ms step's channel-weighted mean square. */
  private readonly steps: number[] = [];
  private stepEnergy = 0;
  private stepFilled = 0;
  private filtered = new Float64Array(0);

  constructor(sampleRate: number, channels: number) {
    this.filters = Array.from({ length: channels }, () => new KWeighting(sampleRate));
    this.channelWeight = channels === 1 ? 2 : 1;
    this.stepLength = Math.round(sampleRate / 10);
  }

  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    if (this.filtered.length < length * channels.length) this.filtered = new Float64Array(length * channels.length);
    const weighted = channels.map((samples, channel) => {
      const out = this.filtered.subarray(channel * length, (channel + 1) * length);
      this.filters[channel]!.process(samples, out);
      return out;
    });
    for (let i = 0; i < length; i++) {
      let energy = 0;
      for (const out of weighted) energy += out[i]! * out[i]!;
      this.stepEnergy += energy * this.channelWeight;
      if (++this.stepFilled === this.stepLength) {
        this.steps.push(this.stepEnergy / this.stepLength);
        this.stepEnergy = 0;
        this.stepFilled = 0;
      }
    }
  }

  /** The mean square of every window of `steps` 100 ms steps, one step apart. */
  private windows(steps: number): number[] {
    const means: number[] = [];
    let sum = 0;
    for (let i = 0; i < this.steps.length; i++) {
      sum += this.steps[i]!;
      if (i >= steps) sum -= this.steps[i - steps]!;
      if (i >= steps - 1) means.push(Math.max(0, sum) / steps);
    }
    return means;
  }

  /**
   * Where (seconds) the `seconds`-long stretch with the most K-weighted energy starts: the window of
   * 100 ms steps whose mean (the mean of the short-term loudness's powers over it) is highest, the
   * first of equals; 0 when the song is no longer than that.
   */
  loudestStretchStart(seconds: number): number {
    const means = this.windows(Math.round(seconds * 10));
    let loudest = 0;
    for (let i = 1; i < means.length; i++) if (means[i]! > means[loudest]!) loudest = i;
    return loudest / 10;
  }

  get loudness(): Loudness {
    return { integratedLufs: this.integrated(), rangeLu: this.range() };
  }

  private integrated(): number | null {
    const blocks = this.windows(BLOCK_STEPS).filter((meanSquare) => lufs(meanSquare) > ABSOLUTE_GATE_LUFS);
    if (blocks.length === 0) return null;
    const threshold = lufs(average(blocks)) + INTEGRATED_RELATIVE_GATE_LU;
    const gated = blocks.filter((meanSquare) => lufs(meanSquare) > threshold);
    return gated.length === 0 ? null : lufs(average(gated));
  }

  /** EBU Tech 3342: the spread between the 10th and 95th percentiles of the gated short-term loudness. */
  private range(): number | null {
    const windows = this.windows(SHORT_TERM_STEPS).filter((meanSquare) => lufs(meanSquare) > ABSOLUTE_GATE_LUFS);
    if (windows.length === 0) return null;
    const threshold = lufs(average(windows)) + RANGE_RELATIVE_GATE_LU;
    const gated = windows
      .map(lufs)
      .filter((loudness) => loudness > threshold)
      .sort((a, b) => a - b);
    if (gated.length === 0) return null;
    const percentile = (p: number) => gated[Math.round((gated.length - 1) * p)]!;
    return percentile(0.95) - percentile(0.1);
  }
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
