// The upload's frame walker on real encoder output, on files of whole silent frames, and on the
// broken files it must refuse — fed whole and in every small chunking, as a stream delivers them.
import { describe, expect, it } from "vitest";
import { cutAfterHeader, cutMidFrame, garbageAfterId3, mp3Bytes, toneMp3, withId3 } from "../../test/mp3-files";
import { BITRATE_KBPS, SAMPLE_RATE } from "../../../../scripts/demo/render-mp3.ts";
import { MP3_MESSAGES, Mp3Error, Mp3FrameWalker, walkMp3, type Mp3Facts } from "./mp3-frames";

/** Walks `bytes` handed over in pieces of `size` bytes. */
function walkInChunks(bytes: Uint8Array, size: number): Mp3Facts {
  const walker = new Mp3FrameWalker();
  for (let at = 0; at < bytes.length; at += size) walker.push(bytes.subarray(at, at + size));
  return walker.finish();
}

function refusal(walk: () => unknown): Mp3Error {
  try {
    walk();
  } catch (error) {
    if (error instanceof Mp3Error) return error;
    throw error;
  }
  throw new Error("the walk accepted the file");
}

const CHUNKINGS = [1, 3, 7, 64, 4096];

/** A Xing header frame (MPEG-1, 128 kbps, stereo) declaring `frames` frames, as LAME writes for VBR. */
function xingFrame(frames: number): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x04]);
  frame.set(new TextEncoder().encode("Xing"), 36);
  frame.set([0, 0, 0, 1, (frames >>> 24) & 0xff, (frames >>> 16) & 0xff, (frames >>> 8) & 0xff, frames & 0xff], 40);
  return frame;
}

describe("Mp3FrameWalker", () => {
  const tone = toneMp3(3);

  it("reads duration, bitrate and sample rate from a real MP3, with or without an ID3 tag, in any chunking", () => {
    for (const bytes of [tone, withId3(tone)]) {
      for (const size of CHUNKINGS) {
        const facts = walkInChunks(bytes, size);
        expect(facts.sampleRate).toBe(SAMPLE_RATE);
        expect(facts.bitrate).toBe(BITRATE_KBPS * 1000);
        expect(Math.abs(facts.durationMs - 3000)).toBeLessThan(150);
      }
    }
  });

  it("counts every frame of a file of whole frames behind a padding tag, and a final ID3v1 tag", () => {
    const frames = walkMp3(mp3Bytes(417 * 100));
    expect(frames).toEqual({ frames: 100, durationMs: Math.round((100 * 1152 * 1000) / 44100), bitrate: 128000, sampleRate: 44100 });
    expect(walkMp3(mp3Bytes(417 * 100 + 300)).frames).toBe(100);
    const id3v1 = new Uint8Array(128);
    id3v1.set(new TextEncoder().encode("TAG"));
    expect(walkMp3(new Uint8Array([...mp3Bytes(417 * 10), ...id3v1])).frames).toBe(10);
  });

  it("does not count a Xing header frame as audio, and refuses a file with fewer frames than it declares", () => {
    const audio = mp3Bytes(417 * 20);
    expect(walkMp3(new Uint8Array([...xingFrame(20), ...audio])).frames).toBe(20);
    expect(refusal(() => walkMp3(new Uint8Array([...xingFrame(40), ...audio]))).problem).toBe("cut-short");
  });

  it.each([
    ["truncated mid-frame", () => cutMidFrame(tone), "cut-short", MP3_MESSAGES.cutShort],
    ["truncated mid-frame, behind an ID3 tag", () => cutMidFrame(withId3(tone)), "cut-short", MP3_MESSAGES.cutShort],
    ["truncated right after the first frame header", () => cutAfterHeader(withId3(tone)), "cut-short", MP3_MESSAGES.cutShort],
    ["an ID3 tag cut short", () => withId3(tone).slice(0, 12), "no-frames", MP3_MESSAGES.noFrames],
    ["garbage after an ID3 tag", garbageAfterId3, "no-frames", MP3_MESSAGES.noFrames],
    ["a PNG", () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "not-mp3", MP3_MESSAGES.notMp3],
    ["an ID3 tag and nothing else", () => withId3(new Uint8Array(0)), "no-frames", MP3_MESSAGES.noFrames],
    ["text after the frames", () => new Uint8Array([...tone, ...new TextEncoder().encode("trailing text")]), "not-audio", MP3_MESSAGES.notAudio],
    [
      "a layer II frame where layer III frames run",
      () => new Uint8Array([...mp3Bytes(417 * 3), 0xff, 0xfd, 0x90, 0x64, ...new Uint8Array(413)]),
      "not-audio",
      MP3_MESSAGES.notAudio,
    ],
  ] as const)("refuses %s", (_name, file, problem, message) => {
    for (const size of CHUNKINGS) {
      const error = refusal(() => walkInChunks(file(), size));
      expect(error.problem).toBe(problem);
      expect(error.message).toBe(message);
    }
  });

  it("walks an 8 MB stream handed over in 417 kB chunks", () => {
    const walker = new Mp3FrameWalker();
    const chunk = mp3Bytes(417 * 1000);
    for (let i = 0; i < 20; i++) walker.push(chunk);
    expect(walker.finish().frames).toBe(20_000);
  });
});
