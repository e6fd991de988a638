/**
 * MP3 files for tests, in memory and without bindings (the unit, worker and browser tests share
 * them): real encoder output (lamejs, like the demo catalogue), files of any exact size made of
 * whole silent frames, and the broken files an upload must refuse (cut mid-frame, cut right after a
 * frame header, garbage after an ID3 tag).
 */
import { encodeMp3, SAMPLE_RATE } from "../../../scripts/demo/render-mp3.ts";

/** One MPEG-1 Layer III frame (128 kbps, 44.1 kHz, no padding) is 417 bytes and 1152 samples. */
export const MP3_FRAME_BYTES = 417;
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0x64];
const ID3_HEADER_BYTES = 10;

/** Where the frames start in a stamped file of `total` bytes: an ID3v2 tag takes what whole frames leave. */
function tagBytes(total: number): number {
  const rest = total % MP3_FRAME_BYTES;
  if (rest === 0 || total < MP3_FRAME_BYTES + ID3_HEADER_BYTES) return 0;
  return rest >= ID3_HEADER_BYTES ? rest : rest + MP3_FRAME_BYTES;
}

/** The ID3v2.3 header of a tag `size` bytes long in all (its body is padding: zeros). */
function id3Header(size: number): number[] {
  const body = size - ID3_HEADER_BYTES;
  return [0x49, 0x44, 0x33, 3, 0, 0, (body >> 21) & 0x7f, (body >> 14) & 0x7f, (body >> 7) & 0x7f, body & 0x7f];
}

/**
 * Makes `bytes`, the piece at `offset` of a file `total` bytes long, part of a valid MP3: an ID3v2
 * tag of padding in front when `total` is not a whole number of frames, then a frame header every
 * 417 bytes (the bytes between are left as they are: a frame's payload may hold anything).
 */
export function stampMp3<Bytes extends Uint8Array>(bytes: Bytes, offset: number, total: number): Bytes {
  const end = offset + bytes.length;
  const tag = tagBytes(total);
  const header = tag > 0 ? id3Header(tag) : [];
  for (let at = offset; at < Math.min(end, tag); at++) bytes[at - offset] = header[at] ?? 0;
  const firstFrame = tag + Math.max(0, Math.ceil((offset - tag - 3) / MP3_FRAME_BYTES)) * MP3_FRAME_BYTES;
  for (let frame = firstFrame; frame < end; frame += MP3_FRAME_BYTES) {
    FRAME_HEADER.forEach((byte, i) => {
      const at = frame + i;
      if (at >= offset && at < end && at < total) bytes[at - offset] = byte;
    });
  }
  return bytes;
}

/** A valid MP3 of exactly `size` bytes (from 427 up): silent frames, behind an ID3 tag when needed. */
export const mp3Bytes = (size = 4096) => stampMp3(new Uint8Array(size), 0, size);

/**
 * `seconds` of a tone (440 Hz unless `hz` says), encoded like the demo catalogue (22.05 kHz, 64 kbps,
 * MPEG-2 Layer III), its peak at `dbfs` (0.3 of full scale by default).
 */
export function toneMp3(seconds: number, dbfs = 20 * Math.log10(0.3), hz = 440): Uint8Array {
  const amplitude = 10 ** (dbfs / 20);
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE);
  return encodeMp3(samples);
}

/** A minimal ID3v2.3 tag (one TIT2 frame) in front of the audio, as most real MP3s carry. */
export function withId3(audio: Uint8Array): Uint8Array {
  const title = new TextEncoder().encode("\u0000Tone");
  const frame = new Uint8Array([0x54, 0x49, 0x54, 0x32, 0, 0, 0, title.length, 0, 0, ...title]);
  const header = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, frame.length]);
  return new Uint8Array([...header, ...frame, ...audio]);
}

/** The file with its last `bytes` cut off (20: inside its last frame, as every frame here is longer). */
export function cutMidFrame(mp3: Uint8Array, bytes = 20): Uint8Array {
  return mp3.slice(0, mp3.length - bytes);
}

/** The file cut right after its first frame's 4-byte header. */
export function cutAfterHeader(mp3: Uint8Array): Uint8Array {
  return mp3.slice(0, firstFrameStart(mp3) + 4);
}

/** An ID3 tag followed by bytes that are no MPEG frames (text, as a renamed document would be). */
export function garbageAfterId3(): Uint8Array {
  return withId3(new TextEncoder().encode("This is not audio. ".repeat(200)));
}

function firstFrameStart(mp3: Uint8Array): number {
  if (mp3[0] !== 0x49 || mp3[1] !== 0x44 || mp3[2] !== 0x33) return 0;
  return 10 + ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!);
}

/** `silenceSeconds` of digital silence, then `toneSeconds` of the 440 Hz tone, encoded like toneMp3. */
export function toneAfterSilenceMp3(silenceSeconds: number, toneSeconds: number): Uint8Array {
  const silent = Math.round(silenceSeconds * SAMPLE_RATE);
  const samples = new Float32Array(silent + Math.round(toneSeconds * SAMPLE_RATE));
  for (let i = silent; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE);
  return encodeMp3(samples);
}

/** MPEG-2 Layer III bitrates (kbps) by header index, the encoding toneMp3 makes. */
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22050, 24000, 16000];

/**
 * A copy of `mp3` (toneMp3's MPEG-2 frames, no ID3 tag) whose middle frame is zeroed, header and all,
 * as a bad disk sector or a broken copy leaves it: the frames before and after are intact.
 */
export function damageMiddleFrame(mp3: Uint8Array): Uint8Array {
  const starts: number[] = [];
  for (let at = 0; at + 4 <= mp3.length;) {
    if (mp3[at] !== 0xff || (mp3[at + 1]! & 0xe0) !== 0xe0) throw new Error(`no frame header at byte ${at}`);
    starts.push(at);
    const b2 = mp3[at + 2]!;
    at += Math.floor((72_000 * MPEG2_KBPS[b2 >> 4]!) / MPEG2_RATES[(b2 >> 2) & 3]!) + ((b2 >> 1) & 1);
  }
  const damaged = mp3.slice();
  const middle = Math.floor(starts.length / 2);
  damaged.fill(0, starts[middle], starts[middle + 1]);
  return damaged;
}
