/**
 * Silence at either end of a song and clipping in it, as distributors check before they accept a
 * master: more than 10 s of silence at the start or end, or a master whose samples sit at full scale
 * for several in a row (the waveform's top cut off), is flagged for the artist and the operator.
 *
 * Silence: every sample of every channel under −60 dBFS (quieter than an MP3 encoder's own noise at
 * any normal level). Clipping: runs of at least three consecutive samples at or past −0.1 dBFS in one
 * channel; the count is of clipped samples, so one clipped drum hit is a handful and a brick-walled
 * master thousands.
 */

export const SILENCE_DBFS = -60;
export const CLIP_DBFS = -0.1;
export const CLIP_RUN = 3;

const SILENCE = 10 ** (SILENCE_DBFS / 20);
const CLIP = 10 ** (CLIP_DBFS / 20);

export interface SilenceAndClipping {
  leadingSilenceSeconds: number;
  trailingSilenceSeconds: number;
  clippedSamples: number;
}

export class SilenceAndClippingMeter {
  private samples = 0;
  /** The first and last sample index (over all channels) above the silence level; −1 before one. */
  private firstSound = -1;
  private lastSound = -1;
  private clipped = 0;
  /** Per channel: the current run of samples at the clip level. */
  private readonly runs: number[];

  constructor(
    private readonly sampleRate: number,
    channels: number,
  ) {
    this.runs = new Array<number>(channels).fill(0);
  }

  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    channels.forEach((samples, channel) => {
      let run = this.runs[channel]!;
      for (let i = 0; i < length; i++) {
        const magnitude = Math.abs(samples[i]!);
        if (magnitude > SILENCE) {
          if (this.firstSound < 0 || this.samples + i < this.firstSound) this.firstSound = this.samples + i;
          if (this.samples + i > this.lastSound) this.lastSound = this.samples + i;
        }
        if (magnitude >= CLIP) {
          run++;
          // The run's first samples count once it is long enough to be clipping, then each one after.
          if (run === CLIP_RUN) this.clipped += CLIP_RUN;
          else if (run > CLIP_RUN) this.clipped++;
        } else run = 0;
      }
      this.runs[channel] = run;
    });
    this.samples += length;
  }

  get result(): SilenceAndClipping {
    const seconds = (count: number) => count / this.sampleRate;
    if (this.firstSound < 0) return { leadingSilenceSeconds: seconds(this.samples), trailingSilenceSeconds: seconds(this.samples), clippedSamples: 0 };
    return {
      leadingSilenceSeconds: seconds(this.firstSound),
      trailingSilenceSeconds: seconds(this.samples - 1 - this.lastSound),
      clippedSamples: this.clipped,
    };
  }
}
