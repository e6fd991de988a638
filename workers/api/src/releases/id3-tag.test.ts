// The delivered MP3's ID3v2.3 tag byte by byte against the ID3v2.3 specification (id3.org "ID3 tag version 2.3.0":
// header, synchsafe size, frame headers, text encodings), and the delivered copy: any leading ID3v2
// tag of the stored file replaced by it, every audio byte after it unchanged and still a valid MP3.
import { describe, expect, it } from "vitest";
import { toneMp3, withId3 } from "../../test/mp3-files";
import { walkMp3 } from "../platform/mp3-frames";
import { buildId3Tag, leadingId3v2Length, readSynchsafe, synchsafe, withId3Tag } from "./id3-tag";

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const bigEndian32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);

interface Frame {
  id: string;
  size: number;
  flags: number[];
  body: Uint8Array;
}

/** The frames of a v2.3 tag, read as the ID3v2.3 specification lays them out (sizes: plain 32-bit big-endian). */
function framesOf(tag: Uint8Array): Frame[] {
  const end = 10 + readSynchsafe(tag, 6)!;
  const frames: Frame[] = [];
  for (let at = 10; at < end; ) {
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
  it("keep the top bit of each byte 0 (the ID3v2.3 specification's examples: 255 is 00 00 01 7F, 257 is 00 00 02 01)", () => {
    expect([...synchsafe(255)]).toEqual([0x00, 0x00, 0x01, 0x7f]);
    expect([...synchsafe(257)]).toEqual([0x00, 0x00, 0x02, 0x01]);
    expect([...synchsafe(2 ** 28 - 1)]).toEqual([0x7f, 0x7f, 0x7f, 0x7f]);
    expect(readSynchsafe(synchsafe(123_456_789), 0)).toBe(123_456_789);
    expect(readSynchsafe(new Uint8Array([0, 0, 0x80, 0]), 0)).toBeNull();
    expect(() => synchsafe(2 ** 28)).toThrow(/synchsafe/);
  });
});

describe("buildId3Tag", () => {
  const tag = buildId3Tag(SONG);

  it("starts with the ID3v2.3 header: 'ID3', version 3.0, no flags, the synchsafe size of what follows", () => {
    expect(text(tag.subarray(0, 3))).toBe("ID3");
    expect([tag[3], tag[4]]).toEqual([3, 0]);
    expect(tag[5]).toBe(0);
    expect([...tag.subarray(6, 10)].every((byte) => byte < 0x80)).toBe(true);
    expect(readSynchsafe(tag, 6)).toBe(tag.length - 10);
  });

  it("holds TIT2, TPE1 and TSRC frames: 4-character ids, 32-bit sizes of their bodies, no flags, ISO-8859-1 text", () => {
    const frames = framesOf(tag);
    expect(frames.map((frame) => frame.id)).toEqual(["TIT2", "TPE1", "TSRC"]);
    for (const frame of frames) {
      expect(frame.flags).toEqual([0, 0]);
      expect(frame.body[0]).toBe(0);
      expect(frame.size).toBe(frame.body.length);
    }
    expect(frames.map((frame) => decodeText(frame.body))).toEqual(["Night Shift", "The Fixtures", "XXJPL2600042"]);
    // TSRC: the encoding byte and the 12 characters, no hyphens, no terminator.
    expect(frames[2]!.size).toBe(13);
    expect(frames.reduce((sum, frame) => sum + 10 + frame.size, 0)).toBe(tag.length - 10);
  });

  it("writes accented Latin text as ISO-8859-1 and anything beyond it as UTF-16 with a byte-order mark", () => {
    const [title, artist] = framesOf(buildId3Tag({ title: "Canción", artist: "Zoë 夜 🎵", isrc: SONG.isrc }));
    expect(title!.body[0]).toBe(0);
    expect(title!.body[6]).toBe(0xf3); // ó in ISO-8859-1
    expect(decodeText(title!.body)).toBe("Canción");
    expect(artist!.body[0]).toBe(1);
    expect(decodeText(artist!.body)).toBe("Zoë 夜 🎵");
    expect(artist!.size).toBe(3 + "Zoë 夜 🎵".length * 2);
  });

  it("refuses an ISRC that is not the 12-character stored form", () => {
    expect(() => buildId3Tag({ ...SONG, isrc: "XX-JPL-26-00042" })).toThrow(/TSRC/);
  });
});

describe("the delivered copy", () => {
  const tone = toneMp3(1);
  const ours = buildId3Tag(SONG);

  it("replaces the stored file's ID3 tag, and every byte after it is the stored file's", () => {
    const stored = withId3(tone);
    expect(leadingId3v2Length(stored)).toBe(stored.length - tone.length);

    const copy = withId3Tag(stored, ours);
    expect([...copy.subarray(0, ours.length)]).toEqual([...ours]);
    expect(copy.subarray(ours.length)).toEqual(tone);
    expect(copy.length).toBe(ours.length + tone.length);
    // One tag only: the stored title ("Tone") is gone, ours is the one a reader finds.
    expect(leadingId3v2Length(copy)).toBe(ours.length);
    expect(text(copy)).not.toContain("Tone");
    expect(walkMp3(copy)).toEqual(walkMp3(tone));
  });

  it("puts the tag in front of a file that has none", () => {
    const copy = withId3Tag(tone, ours);
    expect(copy.subarray(0, ours.length)).toEqual(ours);
    expect(copy.subarray(ours.length)).toEqual(tone);
  });

  it("drops a v2.4 tag with its footer, and tags that follow one another", () => {
    const withFooter = foreignTag(4, 30, 0x10);
    expect(leadingId3v2Length(new Uint8Array([...withFooter, ...tone]))).toBe(10 + 30 + 10);
    const twoTags = new Uint8Array([...foreignTag(3, 20), ...foreignTag(4, 5), ...tone]);
    expect(leadingId3v2Length(twoTags)).toBe(30 + 15);
    expect(withId3Tag(twoTags, ours).subarray(ours.length)).toEqual(tone);
  });

  it("keeps a file unchanged after a tag that is truncated or not a tag, and refuses one that runs past the end", () => {
    const notSynchsafe = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0x80, 0, ...tone]);
    expect(leadingId3v2Length(notSynchsafe)).toBe(0);
    const pastTheEnd = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0x7f, 0x7f]);
    expect(() => leadingId3v2Length(pastTheEnd)).toThrow(/past the end/);
  });
});
