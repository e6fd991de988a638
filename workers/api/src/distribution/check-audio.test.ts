// The audio check on real encoder output (the demo's lamejs MP3s) and on files that are not MP3, read
// whole or as a stream (as the queue job reads the stored object): both say the same.
import { describe, expect, it } from "vitest";
import { BITRATE_KBPS, SAMPLE_RATE } from "../../../../scripts/demo/render-mp3.ts";
import { toneMp3, withId3 } from "../../test/mp3-files";
import { checkAudio, checkAudioStream } from "./check-audio";

describe("checkAudio", () => {
  it("reads duration, bitrate and sample rate from a real MP3, with or without an ID3 tag", async () => {
    for (const bytes of [toneMp3(3), withId3(toneMp3(3))]) {
      const check = await checkAudio(bytes);
      expect(check.ok).toBe(true);
      if (!check.ok) return;
      expect(check.facts.sampleRate).toBe(SAMPLE_RATE);
      expect(check.facts.bitrate).toBe(BITRATE_KBPS * 1000);
      expect(Math.abs(check.facts.durationMs - 3000)).toBeLessThan(150);
    }
  });

  it.each([
    ["an empty file", new Uint8Array(0), "The audio file is empty."],
    [
      "a WAV file",
      new Uint8Array([
        ...new TextEncoder().encode("RIFF"),
        36,
        0,
        0,
        0,
        ...new TextEncoder().encode("WAVEfmt "),
        16,
        0,
        0,
        0,
        1,
        0,
        1,
        0,
        0x22,
        0x56,
        0,
        0,
        0x44,
        0xac,
        0,
        0,
        2,
        0,
        16,
        0,
        ...new TextEncoder().encode("data"),
        0,
        0,
        0,
        0,
      ]),
      "The audio file is not MP3 audio (found WAVE / PCM).",
    ],
    [
      "a PNG",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Uint8Array(64)]),
      /^The audio file could not be decoded as MP3 \(.*png.*\)\.$/,
    ],
    [
      "the first 600 bytes of an MP3 with nothing after them",
      toneMp3(3).slice(0, 600),
      "The audio file has no playable MP3 frames (its duration could not be determined).",
    ],
  ] as const)("refuses %s with a reason", async (_name, bytes, reason) => {
    const check = await checkAudio(bytes);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    if (typeof reason === "string") expect(check.reason).toBe(reason);
    else expect(check.reason).toMatch(reason);
  });

  it.each([
    ["a real MP3", toneMp3(3)],
    ["a real MP3 behind an ID3 tag", withId3(toneMp3(3))],
    ["an empty file", new Uint8Array(0)],
    ["a cut MP3", toneMp3(3).slice(0, 600)],
  ] as const)("says the same of %s read as a stream", async (_name, bytes) => {
    expect(await checkAudioStream(new Blob([bytes]).stream(), bytes.length)).toEqual(await checkAudio(bytes));
  });
});
