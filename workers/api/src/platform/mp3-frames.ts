/**
 * Walks an MP3 frame by frame as its bytes arrive, so an upload is known to be whole MP3 audio
 * before the artist pays (docs/decisions/027-mp3-checked-whole.md). It reads each
 * MPEG audio frame header (sync, version, layer III, bitrate, sample rate, padding), jumps over the
 * frame by the length the header gives, and refuses anything that is not a frame or a tag where a
 * frame must start. ID3v2 tags (anywhere between frames) and a final ID3v1 tag are skipped; a
 * Xing/Info (or VBRI) header in the first frame is not audio, and the frame count it declares must be
 * there. Memory is a few dozen bytes whatever the file size: only the next header is ever held.
 * Duration comes from the frames' samples, the bitrate is the frames' average.
 */

import { MESSAGES } from "@jplay/schema/distribution";

export type Mp3Problem = "not-mp3" | "no-frames" | "cut-short" | "not-audio";

export class Mp3Error extends Error {
  constructor(
    readonly problem: Mp3Problem,
    message: string,
  ) {
    super(message);
    this.name = "Mp3Error";
  }
}

export interface Mp3Facts {
  /** Audio frames (a Xing/Info/VBRI header frame not counted). */
  frames: number;
  durationMs: number;
  /** Bits per second, the average of the frames' bitrates (exact for constant bitrate). */
  bitrate: number;
  /** Hertz. */
  sampleRate: number;
}

/** A parsed MPEG audio frame header. */
export interface FrameHeader {
  /** 1 (MPEG-1), 2 (MPEG-2) or 2.5 (MPEG-2.5). */
  version: 1 | 2 | 2.5;
  /** Bits per second. */
  bitrate: number;
  sampleRate: number;
  /** Whole frame, header included. */
  length: number;
  samples: number;
  mono: boolean;
}

const BITRATES_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] } as const;

/**
 * The Layer III frame header in the 4 bytes at `at`, or null when they are not one (no sync, a
 * reserved version, sample rate or emphasis, another layer, the "bad" or free-format bitrate).
 */
export function frameHeader(bytes: Uint8Array, at = 0): FrameHeader | null {
  if (bytes.length < at + 4) return null;
  const [b0, b1, b2, b3] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0b11;
  if (versionBits === 0b01) return null;
  if (((b1 >> 1) & 0b11) !== 0b01) return null; // Layer III only
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 0b1111 || rateIndex === 0b11 || (b3 & 0b11) === 0b10) return null;
  const version = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5;
  const bitrate = (version === 1 ? BITRATES_KBPS.v1 : BITRATES_KBPS.v2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version][rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const samples = version === 1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return { version, bitrate, sampleRate, length, samples, mono: b3 >> 6 === 0b11 };
}

/** The form's messages at the MP3 field, one per problem. */
export const MP3_MESSAGES = {
  notMp3: MESSAGES.songType,
  noFrames: MESSAGES.songNoAudio,
  cutShort: MESSAGES.songCutShort,
  notAudio: MESSAGES.songNotAudio,
} as const;

const ID3V2_HEADER = 10;
const ID3V1_LENGTH = 128;
/** Enough of a first frame to read a Xing/Info header (after the side information) or VBRI (at 36). */
const FIRST_FRAME_PEEK = 36 + 18;

export class Mp3FrameWalker {
  /** Bytes read so far. */
  private position = 0;
  /** Bytes of the current frame or tag still to pass over. */
  private skip = 0;
  /** What the skipped bytes belong to, for the message when the file ends inside them. */
  private inside: "frame" | "tag" | null = null;
  /** The bytes of the next header, gathered until it can be judged. */
  private readonly held = new Uint8Array(FIRST_FRAME_PEEK);
  private heldLength = 0;
  private first: FrameHeader | null = null;
  private frames = 0;
  private samples = 0;
  private bitrateSum = 0;
  /** Frames a Xing/Info/VBRI header says the file has (its own frame excluded). */
  private declaredFrames: number | null = null;
  private endedWithId3v1 = false;

  /** Reads the next bytes; throws Mp3Error as soon as they cannot be MP3. */
  push(chunk: Uint8Array) {
    let at = 0;
    for (;;) {
      if (this.skip > 0 && at < chunk.length) {
        const passed = Math.min(this.skip, chunk.length - at);
        this.skip -= passed;
        at += passed;
        this.position += passed;
        continue;
      }
      if (this.skip > 0) return;
      // What the held bytes start decides how many it takes to judge them: gather, then judge.
      const wanted = this.bytesToJudge();
      if (this.heldLength >= wanted) {
        this.judgeHeld();
        continue;
      }
      if (at === chunk.length) return;
      const taken = Math.min(wanted - this.heldLength, chunk.length - at);
      this.held.set(chunk.subarray(at, at + taken), this.heldLength);
      this.heldLength += taken;
      at += taken;
      this.position += taken;
    }
  }

  /** The facts of a whole file; throws Mp3Error when it ended early or held no audio. */
  finish(): Mp3Facts {
    if (this.heldLength > 0) this.judgeAtEnd();
    if (this.skip > 0) {
      if (this.frames === 0 && this.inside === "tag") throw new Mp3Error("no-frames", MP3_MESSAGES.noFrames);
      throw new Mp3Error("cut-short", MP3_MESSAGES.cutShort);
    }
    if (!this.first || this.frames === 0) throw new Mp3Error("no-frames", MP3_MESSAGES.noFrames);
    if (this.declaredFrames !== null && this.frames < this.declaredFrames) throw new Mp3Error("cut-short", MP3_MESSAGES.cutShort);
    return {
      frames: this.frames,
      durationMs: Math.round((this.samples * 1000) / this.first.sampleRate),
      bitrate: Math.round(this.bitrateSum / this.frames),
      sampleRate: this.first.sampleRate,
    };
  }

  /** How many bytes the element starting in `held` needs before it can be judged. */
  private bytesToJudge(): number {
    if (this.heldLength < 3) return 3;
    if (isId3v2(this.held)) return ID3V2_HEADER;
    if (isId3v1(this.held)) return 3;
    if (this.heldLength < 4) return 4;
    const header = frameHeader(this.held);
    if (header && !this.first) return Math.min(header.length, FIRST_FRAME_PEEK);
    return 4;
  }

  private judgeHeld() {
    const start = this.position - this.heldLength;
    const held = this.held.subarray(0, this.heldLength);
    this.heldLength = 0;
    if (this.endedWithId3v1) throw this.unexpected(start);
    if (isId3v2(held)) {
      const size = syncsafe(held, 6);
      if (size === null) throw this.unexpected(start);
      const footer = (held[5]! & 0x10) !== 0 ? ID3V2_HEADER : 0;
      this.pass(size + footer, "tag");
      return;
    }
    if (isId3v1(held)) {
      this.endedWithId3v1 = true;
      this.pass(ID3V1_LENGTH - held.length, "tag");
      return;
    }
    const header = frameHeader(held);
    if (!header || (this.first && !sameStream(this.first, header))) throw this.unexpected(start);
    if (!this.first) {
      this.first = header;
      const declared = vbrFrameCount(held, header);
      if (declared !== null) {
        this.declaredFrames = declared;
        this.pass(header.length - held.length, "frame");
        return;
      }
    }
    this.frames++;
    this.samples += header.samples;
    this.bitrateSum += header.bitrate;
    this.pass(header.length - held.length, "frame");
  }

  /** The file ended with too few bytes left to judge: a frame or tag that started and was cut. */
  private judgeAtEnd() {
    const held = this.held.subarray(0, this.heldLength);
    const start = this.position - this.heldLength;
    if (this.endedWithId3v1) throw this.unexpected(start);
    const couldStart = held[0] === 0xff || isPrefixOf(held, "ID3") || isPrefixOf(held, "TAG");
    if (!couldStart) throw this.unexpected(start);
    if (held[0] === 0xff && held.length >= 4 && !frameHeader(held)) throw this.unexpected(start);
    this.heldLength = 0;
    this.skip = 1; // cut short inside what it started
    this.inside = held[0] === 0xff ? "frame" : "tag";
  }

  private pass(bytes: number, inside: "frame" | "tag") {
    this.skip = bytes;
    this.inside = inside;
  }

  private unexpected(at: number): Mp3Error {
    if (at === 0) return new Mp3Error("not-mp3", MP3_MESSAGES.notMp3);
    if (this.frames === 0 && !this.first) return new Mp3Error("no-frames", MP3_MESSAGES.noFrames);
    return new Mp3Error("not-audio", MP3_MESSAGES.notAudio);
  }
}

/** Walks a whole file already in memory (tests, small files). */
export function walkMp3(bytes: Uint8Array): Mp3Facts {
  const walker = new Mp3FrameWalker();
  walker.push(bytes);
  return walker.finish();
}

function isId3v2(bytes: Uint8Array) {
  return bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
}

function isId3v1(bytes: Uint8Array) {
  return bytes[0] === 0x54 && bytes[1] === 0x41 && bytes[2] === 0x47;
}

function isPrefixOf(bytes: Uint8Array, text: string) {
  return [...bytes].every((byte, i) => i >= text.length || byte === text.charCodeAt(i));
}

/** A 28-bit ID3v2 "syncsafe" size (7 bits a byte), or null when a byte has its top bit set. */
function syncsafe(bytes: Uint8Array, at: number): number | null {
  let size = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[at + i]!;
    if (byte & 0x80) return null;
    size = (size << 7) | byte;
  }
  return size;
}

/** Frames of one stream keep their version and sample rate (what decoders resynchronise on). */
function sameStream(first: FrameHeader, next: FrameHeader) {
  return first.version === next.version && first.sampleRate === next.sampleRate;
}

/** The frame count a Xing/Info or VBRI header in this first frame declares, or null when it has none. */
function vbrFrameCount(frame: Uint8Array, header: FrameHeader): number | null {
  const sideInfo = header.version === 1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const xing = 4 + sideInfo;
  const tag = String.fromCharCode(...frame.subarray(xing, xing + 4));
  if ((tag === "Xing" || tag === "Info") && frame.length >= xing + 8) {
    const flags = readUint32(frame, xing + 4);
    return flags & 1 && frame.length >= xing + 12 ? readUint32(frame, xing + 8) : 0;
  }
  if (String.fromCharCode(...frame.subarray(36, 40)) === "VBRI" && frame.length >= 36 + 18) return readUint32(frame, 36 + 14);
  return null;
}

function readUint32(bytes: Uint8Array, at: number) {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}
