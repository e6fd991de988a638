/**
 * Decodes a stored song's audio (`music-metadata`, its core entry point, which runs in
 * workerd) to prove it is playable MP3 and to learn its duration, bitrate and sample rate. The upload
 * already walked every frame (mp3-frames.ts); this is the second line, so anything that slipped into
 * R2 another way is refused with a reason an operator can read. The queue job streams the stored
 * object through it (`checkAudioStream`): the file is never held whole (docs/audio-checks.md).
 */
import { parseBuffer, parseWebStream, type IAudioMetadata } from "music-metadata";

export interface AudioFacts {
  durationMs: number;
  /** Bits per second (e.g. 128000). */
  bitrate: number;
  /** Hertz (e.g. 44100). */
  sampleRate: number;
}

export type AudioCheck = { ok: true; facts: AudioFacts } | { ok: false; reason: string };

export async function checkAudio(bytes: Uint8Array): Promise<AudioCheck> {
  if (bytes.length === 0) return EMPTY;
  // No MIME hint: the content decides which parser runs, so a PNG or WAV is named as such.
  return judge(() => parseBuffer(bytes, { size: bytes.length }, { duration: true, skipCovers: true }));
}

/** `checkAudio` of a stored object read as it streams (an R2 body of `size` bytes), never whole in memory. */
export async function checkAudioStream(stream: ReadableStream<Uint8Array>, size: number): Promise<AudioCheck> {
  if (size === 0) {
    await stream.cancel();
    return EMPTY;
  }
  return judge(() => parseWebStream(stream, { size }, { duration: true, skipCovers: true }));
}

const EMPTY: AudioCheck = { ok: false, reason: "The audio file is empty." };

async function judge(parse: () => Promise<IAudioMetadata>): Promise<AudioCheck> {
  let format;
  try {
    ({ format } = await parse());
  } catch (error) {
    return { ok: false, reason: `The audio file could not be decoded as MP3 (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (format.container !== "MPEG" || !/layer 3/i.test(format.codec ?? "")) {
    const found = [format.container, format.codec].filter(Boolean).join(" / ") || "no recognisable audio";
    return { ok: false, reason: `The audio file is not MP3 audio (found ${found}).` };
  }
  const { duration, bitrate, sampleRate } = format;
  if (!duration || !Number.isFinite(duration) || duration <= 0 || !bitrate || !sampleRate) {
    return { ok: false, reason: "The audio file has no playable MP3 frames (its duration could not be determined)." };
  }
  return { ok: true, facts: { durationMs: Math.round(duration * 1000), bitrate: Math.round(bitrate), sampleRate } };
}
