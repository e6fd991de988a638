/**
 * The tablet-ready copy against real local D1 and R2 (docs/audio-checks.md, "Tablet-ready copies"): a
 * paid song taken through the pipeline is delivered at −14 LUFS integrated with its true peak at most
 * −1 dBTP, measured on the delivered bytes by the same decoder and meters the listening check uses; the
 * ReplayGain 2.0 tags read back with music-metadata; the upload stays in R2 as the artist sent it.
 */
import { env } from "cloudflare:workers";
import { parseBuffer } from "music-metadata";
import { describe, expect, it } from "vitest";
import { checkMp3Audio } from "../../distribution/audio-decode/check-mp3-audio";
import { mpg123Wasm } from "../../distribution/audio-decode/mpg123-wasm";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import { GAIN_STEP_DB } from "../../platform/mp3-side-info";
import { deliveredAudioKey } from "..";
import { CapturingQueue, insertArtist, insertSong, paySong, pipelineContext, toneMp3, withId3 } from "../../../test/song-fixtures";

const HOUR = 3_600_000;

async function* whole(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** Takes a song with `audio` through payment and the pipeline; returns the delivered copy's bytes. */
async function delivered(audio: Uint8Array): Promise<{ songId: string; copy: Uint8Array }> {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, audio });
  await paySong(songId, artistId, "pro", Date.now() - 25 * HOUR);
  await processDistribution(pipelineContext(new CapturingQueue()), songId);
  const object = await env.MEDIA.get(deliveredAudioKey(songId));
  expect(object).not.toBeNull();
  return { songId, copy: new Uint8Array(await object!.arrayBuffer()) };
}

async function measured(mp3: Uint8Array) {
  const check = await checkMp3Audio(whole(mp3), mpg123Wasm);
  if (!check.ok) throw new Error(`the copy does not decode: ${check.detail}`);
  return check.measurements;
}

describe("the delivered copy's loudness", () => {
  it("turns a −6 dBFS 1 kHz tone down to −14 LUFS ±0.5 with its true peak under −1 dBTP, and tags it with ReplayGain 2.0", async () => {
    const upload = withId3(toneMp3(10, -6, 1000));
    const { songId, copy } = await delivered(upload);
    const original = await measured(upload);
    const copyMeasured = await measured(copy);
    expect(Math.abs(copyMeasured.integratedLufs! - -14)).toBeLessThanOrEqual(0.5);
    expect(copyMeasured.truePeakDbtp).toBeLessThanOrEqual(-1);
    // Gain only: the loudness range and the peak-to-loudness ratio stay as they were.
    expect(copyMeasured.truePeakDbtp - copyMeasured.integratedLufs!).toBeCloseTo(original.truePeakDbtp - original.integratedLufs!, 1);

    const { native, common } = await parseBuffer(copy, { mimeType: "audio/mpeg" });
    const tags = new Map((native["ID3v2.3"] ?? []).filter((tag) => tag.id.startsWith("TXXX:")).map((tag) => [tag.id.slice(5), String(tag.value)]));
    const applied = Number.parseFloat(tags.get("JPLAY_APPLIED_GAIN") ?? "NaN");
    expect(applied).toBeCloseTo(copyMeasured.integratedLufs! - original.integratedLufs!, 1);
    expect(Math.abs(applied / GAIN_STEP_DB - Math.round(applied / GAIN_STEP_DB))).toBeLessThan(0.01);
    expect(tags.get("REPLAYGAIN_REFERENCE_LOUDNESS")).toBe("-18.00 LUFS");
    // ReplayGain 2.0: the gain that brings the copy to −18 LUFS, and its peak, as players read them.
    expect(common.replaygain_track_gain?.dB).toBeCloseTo(-18 - copyMeasured.integratedLufs!, 1);
    expect(common.replaygain_track_peak?.ratio).toBeCloseTo(10 ** (copyMeasured.truePeakDbtp / 20), 2);

    // The upload stays as the artist sent it.
    expect(new Uint8Array(await (await env.MEDIA.get(`songs/${songId}/audio.mp3`))!.arrayBuffer())).toEqual(upload);
  });

  it("chooses the step closest to −14 LUFS: a 440 Hz tone lands within half a step", async () => {
    const { copy } = await delivered(toneMp3(10, -6));
    const copyMeasured = await measured(copy);
    expect(Math.abs(copyMeasured.integratedLufs! - -14)).toBeLessThanOrEqual(GAIN_STEP_DB / 2);
    expect(copyMeasured.truePeakDbtp).toBeLessThanOrEqual(-1);
  });
});
