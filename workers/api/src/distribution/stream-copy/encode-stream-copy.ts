/**
 * The stream copy the tablet's player plays (docs/audio-checks.md, "Stream copy"): the decoded upload,
 * fed a block at a time by the listening check's one decode, mixed to mono, resampled to 22 050 Hz
 * (../audio-fingerprint/resample-mono.ts) and encoded by lamejs (LAME in plain JavaScript, which the
 * Worker may run: no WebAssembly compiled at run time) as 64 kbps CBR MPEG-2 Layer III: 8 000 bytes a
 * second, so the first second of audio arrives in under 16 KiB on the tablet's slow link. Only the
 * encoded bytes are kept (about 1.9 MB for 4 minutes); the samples are dropped block by block.
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { MonoResampler } from "../audio-fingerprint/resample-mono";

export const STREAM_RATE = 22_050;
export const STREAM_KBPS = 64;

export class StreamCopyEncoder {
  private readonly encoder = new Mp3Encoder(1, STREAM_RATE, STREAM_KBPS);
  private readonly resampler: MonoResampler;
  private readonly pieces: Uint8Array[] = [];

  constructor(sampleRate: number) {
    this.resampler = new MonoResampler(sampleRate, STREAM_RATE, (samples) => this.encode(samples));
  }

  push(channels: readonly Float32Array[]): void {
    this.resampler.push(channels);
  }

  /** The whole MP3 (call once, after the last block). */
  finish(): Uint8Array {
    this.keep(this.encoder.flush());
    const mp3 = new Uint8Array(this.pieces.reduce((sum, piece) => sum + piece.length, 0));
    let offset = 0;
    for (const piece of this.pieces) {
      mp3.set(piece, offset);
      offset += piece.length;
    }
    return mp3;
  }

  private encode(samples: Float32Array): void {
    const pcm = new Int16Array(samples.length);
    for (let i = 0; i < samples.length; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767);
    this.keep(this.encoder.encodeBuffer(pcm));
  }

  /** lamejs hands back views (typed as Int8Array) over its own buffer: copy them out as bytes. */
  private keep(bytes: { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }): void {
    if (bytes.byteLength > 0) this.pieces.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice());
  }
}
