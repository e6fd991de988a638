/**
 * Mixes decoded audio down to mono and resamples it to the fingerprint's rate (11 025 Hz), a block at
 * a time, keeping only the few input samples the filter still needs: memory stays flat whatever the
 * song's length (docs/audio-checks.md, "Fingerprints"). A windowed-sinc low-pass (Blackman window, 8
 * zero crossings each side, cut at 0.8 of the output's Nyquist frequency, as Chromaprint's own
 * resampler is set) keeps what lies above 5.5 kHz from folding into the chroma bands; the kernel is
 * tabulated once per rate.
 */

const ZERO_CROSSINGS = 8;
const CUTOFF = 0.8;
/** Kernel table steps per input sample. */
const TABLE_STEPS = 256;

export class MonoResampler {
  private readonly step: number;
  private readonly halfWidth: number;
  private readonly kernel: Float32Array;
  /** Mono input not yet consumed; `start` is the absolute index of its first sample. */
  private pending = new Float32Array(8192);
  private pendingLength = 0;
  private start = 0;
  /** Output samples made so far. */
  private made = 0;

  constructor(
    sourceRate: number,
    targetRate: number,
    private readonly emit: (samples: Float32Array) => void,
  ) {
    this.step = sourceRate / targetRate;
    const fc = Math.min(1, CUTOFF / Math.max(1, this.step));
    this.halfWidth = Math.ceil(ZERO_CROSSINGS / fc);
    this.kernel = new Float32Array(this.halfWidth * TABLE_STEPS + 1);
    for (let i = 0; i < this.kernel.length; i++) {
      const d = i / TABLE_STEPS;
      const x = fc * d;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const w = 0.42 + 0.5 * Math.cos((Math.PI * d) / this.halfWidth) + 0.08 * Math.cos((2 * Math.PI * d) / this.halfWidth);
      this.kernel[i] = fc * sinc * w;
    }
  }

  push(channels: readonly Float32Array[]): void {
    const frames = channels[0]?.length ?? 0;
    this.reserve(frames);
    const scale = 1 / channels.length;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i]!;
      this.pending[this.pendingLength + i] = sum * scale;
    }
    this.pendingLength += frames;
    this.produce();
  }

  private produce(): void {
    const end = this.start + this.pendingLength;
    const out: number[] = [];
    for (;;) {
      const centre = this.made * this.step;
      if (Math.floor(centre) + this.halfWidth >= end) break;
      const first = Math.max(0, Math.ceil(centre - this.halfWidth));
      const last = Math.floor(centre + this.halfWidth);
      let sum = 0;
      for (let j = first; j <= last; j++) {
        const at = j - this.start;
        if (at < 0) continue;
        sum += this.pending[at]! * this.kernel[Math.round(Math.abs(centre - j) * TABLE_STEPS)]!;
      }
      out.push(sum);
      this.made++;
    }
    if (out.length > 0) this.emit(Float32Array.from(out));
    // Drop the input no later output sample reaches.
    const keepFrom = Math.max(this.start, Math.ceil(this.made * this.step - this.halfWidth));
    const drop = keepFrom - this.start;
    if (drop > 0) {
      this.pending.copyWithin(0, drop, this.pendingLength);
      this.pendingLength -= drop;
      this.start = keepFrom;
    }
  }

  private reserve(more: number): void {
    if (this.pendingLength + more <= this.pending.length) return;
    const bigger = new Float32Array(Math.max(this.pending.length * 2, this.pendingLength + more));
    bigger.set(this.pending.subarray(0, this.pendingLength));
    this.pending = bigger;
  }
}
