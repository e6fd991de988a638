/**
 * The ID3v2.3 tag at the front of every MP3 JPlay delivers: TIT2 (title), TPE1 (artist) and TSRC (the
 * recording's ISRC), so the tablet provider's ingestion and any player read the ISRC from the file
 * itself. ID3v2.3 (id3.org, "ID3 tag version 2.3.0") rather than 2.4, because every player and tagging
 * library reads 2.3 and some still read nothing newer. Pure: bytes in, bytes out.
 *
 * A normalised copy also carries TXXX frames: the gain JPlay applied and ReplayGain 2.0's track gain,
 * peak and reference loudness (REPLAYGAIN_*, as foobar2000, mp3gain and most players read them).
 *
 * The tag is written by `browser-id3-writer` (ID3v2.3, text frames in UTF-16 with a byte-order mark,
 * then its 4 KiB of padding, room for a player to retag in place). What it does not do is read: its own tag removal drops only the first tag and
 * ignores a v2.4 footer, so the stored upload's leading tags, however many, are measured here
 * (`leadingId3v2Length`) and the writer is given the audio after them.
 */
import { ID3Writer } from "browser-id3-writer";

export interface DeliveredTagText {
  title: string;
  artist: string;
  /** Stored form, 12 characters (ID3's TSRC holds the ISRC without hyphens). */
  isrc: string;
  /** TXXX frames, description → value, in this order. */
  userText?: readonly (readonly [description: string, value: string])[];
}

const HEADER_LENGTH = 10;

/** The value of the synchsafe integer at `at` (4 bytes of 7 bits), or null when a byte has its top bit set (not synchsafe). */
export function readSynchsafe(bytes: Uint8Array, at: number): number | null {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[at + i];
    if (byte === undefined || byte & 0x80) return null;
    value = (value << 7) | byte;
  }
  return value;
}

/** `audio` (an MP3 with no leading ID3v2 tag) behind JPlay's tag. */
function tagged(audio: Uint8Array, { title, artist, isrc, userText = [] }: DeliveredTagText): Uint8Array {
  if (!/^[A-Z0-9]{12}$/.test(isrc)) throw new Error(`TSRC takes the 12-character stored ISRC, not "${isrc}"`);
  const writer = new ID3Writer(audio.slice().buffer);
  writer.setFrame("TIT2", title).setFrame("TPE1", [artist]).setFrame("TSRC", isrc);
  for (const [description, value] of userText) writer.setFrame("TXXX", { description, value });
  return new Uint8Array(writer.addTag());
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

/** The delivered copy: the MP3 without its leading ID3v2 tags, behind JPlay's tag; every byte after them unchanged. */
export function withId3Tag(mp3: Uint8Array, text: DeliveredTagText): Uint8Array {
  return tagged(mp3.subarray(leadingId3v2Length(mp3)), text);
}
