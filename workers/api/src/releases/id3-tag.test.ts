// The delivered MP3's ID3v2.3 tag read byte by byte as the ID3v2.3 specification (id3.org "ID3 tag
// version 2.3.0") lays it out: header, synchsafe size, frame headers, text encodings, padding. And the
// delivered copy: any leading ID3v2 tags of the stored file replaced by it, every audio byte after
// them unchanged and still a valid MP3.
import { describe, expect, it } from "vitest";
import { toneMp3, withId3 } from "../../test/mp3-files";
import { walkMp3 } from "../platform/mp3-frames";
import { leadingId3v2Length, readSynchsafe, withId3Tag } from "./id3-tag";

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const bigEndian32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);

interface Frame {
  id: string;
  size: number;
  flags: number[];
  body: Uint8Array;
}

/** The frames of a v2.3 tag, read as the ID3v2.3 specification lays them out (sizes: plain 32-bit big-endian; a zero byte where an id starts is padding). */
function framesOf(tag: Uint8Array): Frame[] {
  const end = 10 + readSynchsafe(tag, 6)!;
  const frames: Frame[] = [];
  for (let at = 10; at < end && tag[at] !== 0;) {
    const size = bigEndian32(tag, at + 4);
    frames.push({ id: text(tag.subarray(at, at + 4)), size, flags: [tag[at + 8]!, tag[at + 9]!], body: tag.subarray(at + 10, at + 10 + size) });
    at += 10 + size;
  }
  return frames;
}

/** A text frame's body as the reader decodes it: encoding 0 is ISO-8859-1, 1 is UTF-16 after its BOM. */
function decodeText(body: Uint8Array): string {
  if (body[0] === 0) return text(body.subarray(1));
  expect(body[0]).toBe(1);
  expect([body[1], body[2]]).toEqual([0xff, 0xfe]);
  return new TextDecoder("utf-16le").decode(body.subarray(3));
}

/** `value` as ID3's synchsafe integer: 4 bytes of 7 bits each, the top bit always 0. */
const synchsafe = (value: number) => new Uint8Array([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);

/** An ID3v2 tag of `major` version with `bodyLength` bytes of frames (here filler) and the given flags. */
function foreignTag(major: number, bodyLength: number, flags = 0): Uint8Array {
  const tag = new Uint8Array(10 + bodyLength + (major === 4 && flags & 0x10 ? 10 : 0));
  tag.set([0x49, 0x44, 0x33, major, 0, flags]);
  tag.set(synchsafe(bodyLength), 6);
  tag.fill(0x41, 10);
  return tag;
}

const SONG = { title: "Night Shift", artist: "The Fixtures", isrc: "XXJPL2600042" };

describe("synchsafe integers", () => {
  it("are read with the top bit of each byte 0 (the ID3v2.3 specification's examples: 255 is 00 00 01 7F, 257 is 00 00 02 01)", () => {
    expect(readSynchsafe(new Uint8Array([0x00, 0x00, 0x01, 0x7f]), 0)).toBe(255);
    expect(readSynchsafe(new Uint8Array([0x00, 0x00, 0x02, 0x01]), 0)).toBe(257);
    expect(readSynchsafe(new Uint8Array([0x7f, 0x7f, 0x7f, 0x7f]), 0)).toBe(2 ** 28 - 1);
    expect(readSynchsafe(new Uint8Array([0, 0, 0x80, 0]), 0)).toBeNull();
  });
});

describe("the tag", () => {
  const tone = toneMp3(1);
  const copy = withId3Tag(tone, SONG);
  const tag = copy.subarray(0, leadingId3v2Length(copy));

  it("starts with the ID3v2.3 header: 'ID3', version 3.0, no flags, the synchsafe size of what follows", () => {
    expect(text(tag.subarray(0, 3))).toBe("ID3");
    expect([tag[3], tag[4]]).toEqual([3, 0]);
    expect(tag[5]).toBe(0);
    expect([...tag.subarray(6, 10)].every((byte) => byte < 0x80)).toBe(true);
    expect(readSynchsafe(tag, 6)).toBe(tag.length - 10);
  });

  it("holds TIT2, TPE1 and TSRC frames: 4-character ids, 32-bit sizes of their bodies, no flags, then only padding", () => {
    const frames = framesOf(tag);
    expect(frames.map((frame) => frame.id)).toEqual(["TIT2", "TPE1", "TSRC"]);
    for (const frame of frames) {
      expect(frame.flags).toEqual([0, 0]);
      expect(frame.size).toBe(frame.body.length);
    }
    expect(frames.map((frame) => decodeText(frame.body))).toEqual(["Night Shift", "The Fixtures", "XXJPL2600042"]);
    const framesEnd = 10 + frames.reduce((sum, frame) => sum + 10 + frame.size, 0);
    expect([...tag.subarray(framesEnd)].every((byte) => byte === 0)).toBe(true);
  });

  it("writes any text, accented Latin or beyond it, as UTF-16 with a byte-order mark", () => {
    const withAccents = withId3Tag(tone, { title: "Canción", artist: "Zoë 夜 🎵", isrc: SONG.isrc });
    const [title, artist] = framesOf(withAccents.subarray(0, leadingId3v2Length(withAccents)));
    expect(title!.body[0]).toBe(1);
    expect(decodeText(title!.body)).toBe("Canción");
    expect(decodeText(artist!.body)).toBe("Zoë 夜 🎵");
  });

  it("refuses an ISRC that is not the 12-character stored form", () => {
    expect(() => withId3Tag(tone, { ...SONG, isrc: "XX-JPL-26-00042" })).toThrow(/TSRC/);
  });
});

describe("the delivered copy", () => {
  const tone = toneMp3(1);
  const ours = withId3Tag(tone, SONG).subarray(0, leadingId3v2Length(withId3Tag(tone, SONG)));

  it("replaces the stored file's ID3 tag, and every byte after it is the stored file's", () => {
    const stored = withId3(tone);
    expect(leadingId3v2Length(stored)).toBe(stored.length - tone.length);

    const copy = withId3Tag(stored, SONG);
    expect([...copy.subarray(0, ours.length)]).toEqual([...ours]);
    expect(copy.subarray(ours.length)).toEqual(tone);
    expect(copy.length).toBe(ours.length + tone.length);
    // One tag only: the stored title ("Tone") is gone, ours is the one a reader finds.
    expect(leadingId3v2Length(copy)).toBe(ours.length);
    expect(text(copy)).not.toContain("Tone");
    expect(walkMp3(copy)).toEqual(walkMp3(tone));
  });

  it("puts the tag in front of a file that has none", () => {
    const copy = withId3Tag(tone, SONG);
    expect(copy.subarray(0, ours.length)).toEqual(ours);
    expect(copy.subarray(ours.length)).toEqual(tone);
  });

  it("drops a v2.4 tag with its footer, and tags that follow one another", () => {
    const withFooter = foreignTag(4, 30, 0x10);
    expect(leadingId3v2Length(new Uint8Array([...withFooter, ...tone]))).toBe(10 + 30 + 10);
    const twoTags = new Uint8Array([...foreignTag(3, 20), ...foreignTag(4, 5), ...tone]);
    expect(leadingId3v2Length(twoTags)).toBe(30 + 15);
    expect(withId3Tag(twoTags, SONG).subarray(ours.length)).toEqual(tone);
  });

  it("keeps a file unchanged after a tag that is truncated or not a tag, and refuses one that runs past the end", () => {
    const notSynchsafe = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0x80, 0, ...tone]);
    expect(leadingId3v2Length(notSynchsafe)).toBe(0);
    const pastTheEnd = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0x7f, 0x7f]);
    expect(() => leadingId3v2Length(pastTheEnd)).toThrow(/past the end/);
  });
});
