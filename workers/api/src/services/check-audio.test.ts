// The audio check on real encoder output (the demo's lamejs MP3s) and on files that are not MP3.
import { describe, expect, it } from "vitest";
import { BITRATE_KBPS, encodeMp3, SAMPLE_RATE } from "../../../../scripts/demo/render-mp3.ts";
import { checkAudio } from "./check-audio";

/** `seconds` of a 440 Hz tone, encoded like the demo catalogue (22.05 kHz, 64 kbps, MPEG-2 Layer III). */
const toneMp3 = (seconds: number) => {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE);
  return encodeMp3(samples);
};

/** A minimal ID3v2.3 tag (one TIT2 frame) in front of the audio, as most real MP3s carry. */
const withId3 = (audio: Uint8Array) => {
  const title = new TextEncoder().encode("\u0000Tone");
  const frame = new Uint8Array([0x54, 0x49, 0x54, 0x32, 0, 0, 0, title.length, 0, 0, ...title]);
  const header = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, frame.length]);
  return new Uint8Array([...header, ...frame, ...audio]);
};

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
    ["a WAV file", new Uint8Array([...new TextEncoder().encode("RIFF"), 36, 0, 0, 0, ...new TextEncoder().encode("WAVEfmt "), 16, 0, 0, 0, 1, 0, 1, 0, 0x22, 0x56, 0, 0, 0x44, 0xac, 0, 0, 2, 0, 16, 0, ...new TextEncoder().encode("data"), 0, 0, 0, 0]), "The audio file is not MP3 audio (found WAVE / PCM)."],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Uint8Array(64)]), /^The audio file could not be decoded as MP3 \(.*png.*\)\.$/],
    ["the first 600 bytes of an MP3 with nothing after them", toneMp3(3).slice(0, 600), "The audio file has no playable MP3 frames (its duration could not be determined)."],
  ] as const)("refuses %s with a reason", async (_name, bytes, reason) => {
    const check = await checkAudio(bytes);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    if (typeof reason === "string") expect(check.reason).toBe(reason);
    else expect(check.reason).toMatch(reason);
  });
});
