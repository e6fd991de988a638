/**
 * The Layer III side information of an MP3 already in memory: where each frame is, and the fields the
 * delivered copy and the preview clip change without decoding (docs/audio-checks.md): each granule's
 * `global_gain` (the whole granule's scale, 2^(1/4) a step: the mp3gain method), `main_data_begin`
 * (how far back into earlier frames a frame's audio starts: the bit reservoir) and what silences a
 * granule. Changing a field rewrites the frame's CRC when it has one. Layout: ISO/IEC 11172-3 and
 * 13818-3, Layer III side information (MPEG-1: two granules; MPEG-2 and 2.5: one).
 */
import { frameHeader, type FrameHeader } from "./mp3-frames";

export interface Layer3Frame {
  /** Byte offset of the frame's header in the file. */
  at: number;
  header: FrameHeader;
  /** Byte offset of its side information. */
  sideInfoAt: number;
  /** Bytes of audio data after the side information (what the frame adds to the bit reservoir). */
  mainDataBytes: number;
  /** Whether the frame holds a Xing, Info or VBRI header instead of audio. */
  vbrHeader: boolean;
}

/** Decibels of one global_gain step: 20·log10(2^(1/4)). */
export const GAIN_STEP_DB = 5 * Math.log10(2);

const sideInfoLength = (header: FrameHeader) => (header.version === 1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17);
const hasCrc = (bytes: Uint8Array, at: number) => (bytes[at + 1]! & 1) === 0;

/** Each granule and channel's block: where it starts in the side information (bits) and its size. */
function blocks(header: FrameHeader): number[] {
  const channels = header.mono ? 1 : 2;
  const mpeg1 = header.version === 1;
  const prefix = mpeg1 ? 9 + (header.mono ? 5 : 3) + 4 * channels : 8 + (header.mono ? 1 : 2);
  const size = mpeg1 ? 59 : 63;
  return Array.from({ length: (mpeg1 ? 2 : 1) * channels }, (_, i) => prefix + i * size);
}

/** Every Layer III frame from `start` until the bytes stop being frames (an ID3v1 tag, the end). */
export function layer3Frames(bytes: Uint8Array, start: number): Layer3Frame[] {
  const frames: Layer3Frame[] = [];
  for (let at = start; ;) {
    const header = frameHeader(bytes, at);
    if (!header || at + header.length > bytes.length) return frames;
    const sideInfoAt = at + 4 + (hasCrc(bytes, at) ? 2 : 0);
    const tagAt = sideInfoAt + sideInfoLength(header);
    const tag = String.fromCharCode(...bytes.subarray(tagAt, tagAt + 4));
    const vbri = String.fromCharCode(...bytes.subarray(at + 36, at + 40));
    frames.push({
      at,
      header,
      sideInfoAt,
      mainDataBytes: at + header.length - tagAt,
      vbrHeader: frames.length === 0 && (tag === "Xing" || tag === "Info" || vbri === "VBRI"),
    });
    at += header.length;
  }
}

function readBits(bytes: Uint8Array, bitAt: number, count: number): number {
  let value = 0;
  for (let i = 0; i < count; i++) {
    const bit = bitAt + i;
    value = (value << 1) | ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1);
  }
  return value;
}

function writeBits(bytes: Uint8Array, bitAt: number, count: number, value: number): void {
  for (let i = 0; i < count; i++) {
    const bit = bitAt + i;
    const mask = 1 << (7 - (bit & 7));
    const on = (value >> (count - 1 - i)) & 1;
    bytes[bit >> 3] = on ? bytes[bit >> 3]! | mask : bytes[bit >> 3]! & ~mask;
  }
}

/** Each granule and channel's global_gain (0–255). */
export function globalGains(bytes: Uint8Array, frame: Layer3Frame): number[] {
  return blocks(frame.header).map((bit) => readBits(bytes, frame.sideInfoAt * 8 + bit + 21, 8));
}

/** Adds `steps` to every global_gain of the frame, in place; throws when one would leave 0–255. */
export function addGlobalGain(bytes: Uint8Array, frame: Layer3Frame, steps: number): void {
  for (const bit of blocks(frame.header)) {
    const at = frame.sideInfoAt * 8 + bit + 21;
    const gain = readBits(bytes, at, 8) + steps;
    if (gain < 0 || gain > 255) throw new RangeError(`global_gain ${gain - steps} cannot move ${steps} steps at byte ${frame.at}`);
    writeBits(bytes, at, 8, gain);
  }
  updateCrc(bytes, frame);
}

/** How far back (bytes) into earlier frames the frame's audio data starts. */
export function mainDataBegin(bytes: Uint8Array, frame: Layer3Frame): number {
  return readBits(bytes, frame.sideInfoAt * 8, frame.header.version === 1 ? 9 : 8);
}

/**
 * Makes the frame decode as silence without reading any audio data, in place: no reservoir reach,
 * no scale factors, no coded values. Its own data bytes stay where they are, for the frames after it.
 */
export function silenceFrame(bytes: Uint8Array, frame: Layer3Frame): void {
  const start = frame.sideInfoAt * 8;
  const mpeg1 = frame.header.version === 1;
  writeBits(bytes, start, mpeg1 ? 9 : 8, 0);
  if (mpeg1) writeBits(bytes, start + 9 + (frame.header.mono ? 5 : 3), 4 * (frame.header.mono ? 1 : 2), 0); // scfsi
  for (const bit of blocks(frame.header)) {
    writeBits(bytes, start + bit, 12 + 9, 0); // part2_3_length, big_values
    writeBits(bytes, start + bit + 29, mpeg1 ? 4 : 9, 0); // scalefac_compress
  }
  updateCrc(bytes, frame);
}

/** CRC-16 (polynomial 0x8005, from 0xffff) over the header's last two bytes and the side information. */
function updateCrc(bytes: Uint8Array, frame: Layer3Frame): void {
  if (!hasCrc(bytes, frame.at)) return;
  let crc = 0xffff;
  const covered = [...bytes.subarray(frame.at + 2, frame.at + 4), ...bytes.subarray(frame.sideInfoAt, frame.sideInfoAt + sideInfoLength(frame.header))];
  for (const byte of covered) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) ^ (byte >> bit)) & 1;
      crc = ((crc << 1) & 0xffff) ^ (top ? 0x8005 : 0);
    }
  }
  bytes[frame.at + 4] = crc >> 8;
  bytes[frame.at + 5] = crc & 0xff;
}
