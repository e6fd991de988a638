/**
 * The fingerprint of decoded audio at any rate and channel count, fed a block at a time by the
 * listening check's decode (../audio-decode/check-mp3-audio.ts): mixed to mono, resampled to 11 025 Hz
 * (resample-mono.ts) and fingerprinted as Chromaprint does (chromaprint.ts).
 */
import { Chromaprint, FINGERPRINT_RATE } from "./chromaprint";
import { MonoResampler } from "./resample-mono";

export class AudioFingerprinter {
  private readonly chromaprint = new Chromaprint();
  private readonly resampler: MonoResampler;

  constructor(sampleRate: number) {
    this.resampler = new MonoResampler(sampleRate, FINGERPRINT_RATE, (samples) => this.chromaprint.push(samples));
  }

  push(channels: readonly Float32Array[]): void {
    this.resampler.push(channels);
  }

  get fingerprint(): Uint32Array {
    return this.chromaprint.fingerprint;
  }
}
