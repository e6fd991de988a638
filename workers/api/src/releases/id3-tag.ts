/**
 * The ID3v2.3 tag at the front of every MP3 JPlay delivers: TIT2 (title), TPE1 (artist) and TSRC (the
 * recording's ISRC), so the tablet provider's ingestion and any player read the ISRC from the file
 * itself. ID3v2.3 (id3.org, "ID3 tag version 2.3.0") rather than 2.4, because every player and tagging
 * library reads 2.3 and some still read nothing newer. Pure: bytes in, bytes out.
 *
 * The tag: a 10-byte header ("ID3", version 3.0, flags 0, the size after the header as a 28-bit
 * synchsafe integer) and text frames, each a 10-byte frame header (id, size as a plain 32-bit
 * big-endian integer in 2.3, flags 0) and a body of an encoding byte and the text: 0 (ISO-8859-1)
 * when every character fits, else 1 (UTF-16 with a byte-order mark). No padding, no unsynchronisation.
 */

export interface DeliveredTagText {
  title: string;
  artist: string;
  /** Stored form, 12 characters (ID3's TSRC holds the ISRC without hyphens). */
  isrc: string;
}

const HEADER_LENGTH = 10;
/** The largest size a synchsafe integer holds (4 × 7 bits). */
const MAX_SYNCHSAFE = 2 ** 28 - 1;
/** Characters as single bytes: ASCII frame ids, and text whose every character is ISO-8859-1. */
const latin1 = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** `value` as ID3's synchsafe integer: 4 bytes of 7 bits each, the top bit always 0. */
export function synchsafe(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > MAX_SYNCHSAFE) throw new Error(`${value} does not fit a synchsafe integer`);
  return new Uint8Array([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
}

/** The value of the synchsafe integer at `at`, or null when a byte has its top bit set (not synchsafe). */
export function readSynchsafe(bytes: Uint8Array, at: number): number | null {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[at + i];
    if (byte === undefined || byte & 0x80) return null;
    value = (value << 7) | byte;
  }
  return value;
}

/** A text frame's body: ISO-8859-1 when every character is in it, else UTF-16 (little-endian, BOM FF FE). */
function textBody(text: string): Uint8Array {
  if ([...text].every((character) => character.codePointAt(0)! <= 0xff)) return new Uint8Array([0, ...latin1(text)]);
  const body = new Uint8Array(3 + text.length * 2);
  body.set([1, 0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    body[3 + i * 2] = unit & 0xff;
    body[4 + i * 2] = unit >> 8;
  }
  return body;
}

function textFrame(id: "TIT2" | "TPE1" | "TSRC", text: string): Uint8Array {
  const body = textBody(text);
  const frame = new Uint8Array(HEADER_LENGTH + body.length);
  frame.set(latin1(id));
  new DataView(frame.buffer).setUint32(4, body.length);
  frame.set(body, HEADER_LENGTH);
  return frame;
}

/** The whole ID3v2.3 tag for a delivered song. */
export function buildId3Tag({ title, artist, isrc }: DeliveredTagText): Uint8Array {
  if (!/^[A-Z0-9]{12}$/.test(isrc)) throw new Error(`TSRC takes the 12-character stored ISRC, not "${isrc}"`);
  const frames = [textFrame("TIT2", title), textFrame("TPE1", artist), textFrame("TSRC", isrc)];
  const framesLength = frames.reduce((sum, frame) => sum + frame.length, 0);
  const tag = new Uint8Array(HEADER_LENGTH + framesLength);
  tag.set([...latin1("ID3"), 3, 0, 0]);
  tag.set(synchsafe(framesLength), 6);
  let at = HEADER_LENGTH;
  for (const frame of frames) {
    tag.set(frame, at);
    at += frame.length;
  }
  return tag;
}

/**
 * How many bytes of ID3v2 tags the file starts with (0: none), every tag in a row counted: the
 * header, the synchsafe size after it and, in 2.4, a footer when its flag says so. Throws on a tag
 * that claims more bytes than the file has (the stored audio passed the MP3 check, so that is a bug).
 */
export function leadingId3v2Length(bytes: Uint8Array): number {
  let at = 0;
  while (bytes[at] === 0x49 && bytes[at + 1] === 0x44 && bytes[at + 2] === 0x33 && bytes[at + 3] !== 0xff && bytes[at + 4] !== 0xff) {
    const size = readSynchsafe(bytes, at + 6);
    if (size === null) break;
    const footer = bytes[at + 3] === 4 && (bytes[at + 5]! & 0x10) !== 0 ? HEADER_LENGTH : 0;
    const end = at + HEADER_LENGTH + size + footer;
    if (end > bytes.length) throw new Error(`An ID3v2 tag at byte ${at} claims ${size} bytes, past the end of the file`);
    at = end;
  }
  return at;
}

/** The delivered copy: the stored MP3 without its leading ID3v2 tags, behind `tag`; every byte after them unchanged. */
export function withId3Tag(mp3: Uint8Array, tag: Uint8Array): Uint8Array {
  const audio = mp3.subarray(leadingId3v2Length(mp3));
  const copy = new Uint8Array(tag.length + audio.length);
  copy.set(tag);
  copy.set(audio, tag.length);
  return copy;
}
