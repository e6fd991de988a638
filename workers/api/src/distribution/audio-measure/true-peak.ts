/**
 * True peak per ITU-R BS.1770-4 Annex 2: the signal's peak between its samples, estimated by
 * oversampling four times with a polyphase low-pass FIR, for any sample rate, a block at a time so
 * memory stays flat. A reconstruction filter (or an MP3 decoder, or a tablet's DAC) can swing past the
 * highest sample: a master whose samples stay under 0 dBFS can still clip on playback.
 *
 * The filter: a windowed sinc (Kaiser window) cut off at the input's Nyquist frequency, 12 taps per
 * phase as BS.1770's example filter has, each phase scaled to unity gain at DC. Phase 0 falls on the
 * input samples (the sinc is zero at every other whole sample), so the sample peak is always among the
 * values compared. Measured against EBU Tech 3341's true-peak signals in true-peak.test.ts.
 */

const OVERSAMPLING = 4;
const TAPS_PER_PHASE = 12;
const KAISER_BETA = 6;

/** The zeroth-order modified Bessel function (for the Kaiser window), by its series. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/** phases[p][k]: the tap applied to input sample m − k for the output at m + p/4 − (TAPS_PER_PHASE/2 − 1). */
function polyphaseTaps(): Float64Array[] {
  const length = OVERSAMPLING * TAPS_PER_PHASE;
  const centre = length / 2;
  const phases = Array.from({ length: OVERSAMPLING }, () => new Float64Array(TAPS_PER_PHASE));
  for (let n = 0; n < length; n++) {
    const t = (n - centre) / OVERSAMPLING;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    const r = (2 * n) / length - 1;
    const window = besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - r * r))) / besselI0(KAISER_BETA);
    phases[n % OVERSAMPLING]![Math.floor(n / OVERSAMPLING)] = sinc * window;
  }
  for (const taps of phases) {
    const gain = taps.reduce((sum, tap) => sum + tap, 0);
    for (let k = 0; k < taps.length; k++) taps[k]! /= gain;
  }
  return phases;
}

const PHASES = polyphaseTaps();

/** The true peak and sample peak of every channel together, fed a block of each channel at a time. */
export class TruePeakMeter {
  /** Per channel: the last TAPS_PER_PHASE − 1 samples, oldest first. */
  private readonly history: Float64Array[];
  private truePeak = 0;
  private samplePeak = 0;

  constructor(channels: number) {
    this.history = Array.from({ length: channels }, () => new Float64Array(TAPS_PER_PHASE - 1));
  }

  push(channels: readonly Float32Array[]): void {
    channels.forEach((samples, channel) => this.pushChannel(samples, this.history[channel]!));
  }

  private pushChannel(samples: Float32Array, history: Float64Array): void {
    const window = new Float64Array(history.length + samples.length);
    window.set(history);
    window.set(samples, history.length);
    let truePeak = this.truePeak;
    let samplePeak = this.samplePeak;
    for (let m = history.length; m < window.length; m++) {
      const sample = Math.abs(window[m]!);
      if (sample > samplePeak) samplePeak = sample;
      for (let p = 0; p < OVERSAMPLING; p++) {
        const taps = PHASES[p]!;
        let value = 0;
        for (let k = 0; k < TAPS_PER_PHASE; k++) value += taps[k]! * window[m - k]!;
        const magnitude = Math.abs(value);
        if (magnitude > truePeak) truePeak = magnitude;
      }
    }
    history.set(window.subarray(window.length - history.length));
    this.truePeak = truePeak;
    this.samplePeak = samplePeak;
  }

  /** dBTP (decibels relative to full scale, true peak); −Infinity for digital silence. */
  get truePeakDbtp(): number {
    return 20 * Math.log10(Math.max(this.truePeak, this.samplePeak));
  }

  get samplePeakDbfs(): number {
    return 20 * Math.log10(this.samplePeak);
  }
}
