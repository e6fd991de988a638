// The preview clip: 30 s ±0.1 cut on frame boundaries from where it is asked, held inside the song,
// and every frame of it decoding through the listening check's decoder (a clip that plays).
import { describe, expect, it } from "vitest";
import { toneAfterSilenceMp3, toneMp3 } from "../../../test/mp3-files";
import { checkMp3Audio } from "../../distribution/audio-decode/check-mp3-audio";
import { mpg123Wasm } from "../../distribution/audio-decode/mpg123-wasm";
import { cutPreview } from "../cut-preview";

async function* whole(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function decoded(clip: Uint8Array) {
  const check = await checkMp3Audio(whole(clip), mpg123Wasm);
  if (!check.ok) throw new Error(`the clip does not decode: ${check.detail}`);
  return check;
}

describe("cutPreview", () => {
  it("cuts 30 s ±0.1 from the start asked, which decodes frame for frame", async () => {
    const song = toneAfterSilenceMp3(20, 40);
    const preview = cutPreview(song, 25, 30);
    expect(Math.abs(preview.durationMs - 30_000)).toBeLessThanOrEqual(100);
    expect(Math.abs(preview.startMs - 25_000)).toBeLessThanOrEqual(30);
    const check = await decoded(preview.clip);
    expect(Math.abs(check.samples / check.sampleRate - 30)).toBeLessThanOrEqual(0.1);
    // All tone (the silence ended at 20 s): the clip sounds like the song there.
    expect(check.measurements.integratedLufs).toBeGreaterThan(-14);
    expect(check.measurements.leadingSilenceSeconds).toBeLessThan(0.2);
  });

  it("keeps the clip inside the song: a start too late ends it at the song's end; a short song is the whole song", async () => {
    const song = toneMp3(40);
    const late = cutPreview(song, 35, 30);
    expect(Math.abs(late.startMs - 10_000)).toBeLessThanOrEqual(100);
    expect(Math.abs((await decoded(late.clip)).samples / 22_050 - 30)).toBeLessThanOrEqual(0.1);
    const short = cutPreview(toneMp3(12), 0, 30);
    expect(Math.abs(short.durationMs - 12_000)).toBeLessThanOrEqual(100);
    await decoded(short.clip);
  });
});
