/**
 * Listens to an uploaded MP3: every frame decoded (mpg123, WebAssembly) a chunk at a time, so memory
 * stays flat whatever the song's length, and measured as it is decoded (../audio-measure/). A frame
 * the decoder cannot decode — it reports an error, or yields fewer samples than the frame headers
 * promise (it drops what it cannot read and resyncs) — makes the song corrupt, with where in the song
 * it was. The same decode feeds the fingerprint (../audio-fingerprint/) and
 * the stream copy's encoder (../stream-copy/). The frame headers were already walked at upload (platform/mp3-frames.ts); this is what
 * listening adds: a file can have perfect headers and audio no player can play.
 *
 * Gapless trimming is off, so every frame counts its whole length: the samples decoded must equal the
 * frames' samples exactly.
 */
import { MPEGDecoder } from "mpg123-decoder";
import { Mp3Error, Mp3FrameWalker } from "../../platform/mp3-frames";
import { AudioFingerprinter } from "../audio-fingerprint/fingerprint-audio";
import { AudioMeter, type AudioMeasurements } from "../audio-measure/measure-audio";
import { StreamCopyEncoder } from "../stream-copy/encode-stream-copy";

/** Bytes handed to the decoder at a time: ~1.6 s of a 320 kbps song, ~0.6 MB of samples out. */
const DECODE_CHUNK_BYTES = 64 * 1024;

export type AudioCheck =
  | { ok: true; measurements: AudioMeasurements; sampleRate: number; samples: number; fingerprint: Uint32Array; streamCopy: Uint8Array }
  /** `atSeconds`: about where the first undecodable audio is. */
  | { ok: false; problem: "corrupt_audio"; atSeconds: number; detail: string };

interface DecoderModule {
  module?: WebAssembly.Module;
}

/**
 * Decodes and measures `mp3` (its bytes as they arrive). `wasm`: the decoder's compiled module
 * (mpg123-wasm.ts in the Worker, which may not compile WebAssembly at run time).
 */
export async function checkMp3Audio(mp3: AsyncIterable<Uint8Array>, wasm: WebAssembly.Module): Promise<AudioCheck> {
  (MPEGDecoder as unknown as DecoderModule).module = wasm;
  const decoder = new MPEGDecoder({ enableGapless: false });
  await decoder.ready;
  const walker = new Mp3FrameWalker();
  let meter: AudioMeter | null = null;
  let fingerprinter: AudioFingerprinter | null = null;
  let streamCopy: StreamCopyEncoder | null = null;
  let sampleRate = 0;
  let samples = 0;
  try {
    for await (const chunk of rechunk(mp3)) {
      try {
        walker.push(chunk);
      } catch (error) {
        if (error instanceof Mp3Error) return corrupt(samples, sampleRate, error.message);
        throw error;
      }
      const decoded = decoder.decode(chunk);
      if (decoded.samplesDecoded > 0) {
        sampleRate = decoded.sampleRate;
        meter ??= new AudioMeter(sampleRate, decoded.channelData.length);
        meter.push(decoded.channelData);
        fingerprinter ??= new AudioFingerprinter(sampleRate);
        fingerprinter.push(decoded.channelData);
        streamCopy ??= new StreamCopyEncoder(sampleRate);
        streamCopy.push(decoded.channelData);
        samples += decoded.samplesDecoded;
      }
      const error = decoded.errors[0];
      if (error) return corrupt(samples, sampleRate, `the decoder stopped: ${error.message}`);
    }
  } finally {
    decoder.free();
  }
  const facts = walker.finish();
  const expected = Math.round((facts.durationMs / 1000) * facts.sampleRate);
  const frameSamples = facts.frames > 0 ? expected / facts.frames : 0;
  // A frame's samples missing means a frame the decoder could not read.
  if (meter === null || fingerprinter === null || streamCopy === null || samples + frameSamples / 2 < expected) {
    return corrupt(samples, sampleRate || facts.sampleRate, `${Math.round((expected - samples) / Math.max(1, frameSamples))} frame(s) could not be decoded`);
  }
  return { ok: true, measurements: meter.measurements, sampleRate, samples, fingerprint: fingerprinter.fingerprint, streamCopy: streamCopy.finish() };
}

function corrupt(samples: number, sampleRate: number, detail: string): AudioCheck {
  return { ok: false, problem: "corrupt_audio", atSeconds: sampleRate > 0 ? Math.round((samples / sampleRate) * 10) / 10 : 0, detail };
}

/** The stream in pieces of at most DECODE_CHUNK_BYTES (R2 hands over whatever sizes it likes). */
async function* rechunk(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length; at += DECODE_CHUNK_BYTES) yield chunk.subarray(at, at + DECODE_CHUNK_BYTES);
  }
}
