/**
 * The preview clip against real local D1 and R2 (docs/audio-checks.md, "Previews"): a paid song taken
 * through the pipeline gets a 30 s (±0.1) clip from its loudest stretch, cut from the normalised copy,
 * that decodes through the listening check's decoder; listeners fetch it once the song is public; the
 * JSON feed carries its signed link, start and length with the delivered loudness.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkMp3Audio } from "../../distribution/audio-decode/check-mp3-audio";
import { mpg123Wasm } from "../../distribution/audio-decode/mpg123-wasm";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import { previewAudioKey } from "../../platform/song-media-keys";
import { readDeliveryFeed } from "../../provider/delivery-feed";
import { encodeMp3, SAMPLE_RATE } from "../../../../../scripts/demo/render-mp3.ts";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, pipelineContext } from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";

const HOUR = 3_600_000;

async function* whole(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** 90 s of a 440 Hz tone at 0.1 of full scale, louder (0.5) from 50 s to 80 s: the loudest stretch. */
function songWithLoudStretch(): Uint8Array {
  const samples = new Float32Array(90 * SAMPLE_RATE);
  for (let i = 0; i < samples.length; i++) {
    const seconds = i / SAMPLE_RATE;
    samples[i] = (seconds >= 50 && seconds < 80 ? 0.5 : 0.1) * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE);
  }
  return encodeMp3(samples);
}

describe("the preview clip", () => {
  it("is 30 s ±0.1 from the loudest stretch, plays through the decoder, is served to listeners and carried by the feed", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, audio: songWithLoudStretch() });
    await paySong(songId, artistId, "pro", Date.now() - 25 * HOUR);
    const jobs = new CapturingQueue();
    await processDistribution(pipelineContext(jobs), songId);

    const stored = await env.MEDIA.get(previewAudioKey(songId));
    expect(stored).not.toBeNull();
    const clip = new Uint8Array(await stored!.arrayBuffer());
    const check = await checkMp3Audio(whole(clip), mpg123Wasm);
    if (!check.ok) throw new Error(`the preview does not decode: ${check.detail}`);
    expect(Math.abs(check.samples / check.sampleRate - 30)).toBeLessThanOrEqual(0.1);
    // All of it from the loud stretch: no quieter tone at either end.
    expect(check.measurements.loudnessRangeLu!).toBeLessThan(1);

    // Before the song is public, listeners get nothing; once it is, the clip.
    expect((await exports.default.fetch(new Request(`http://jplay.test/api/songs/${songId}/preview`))).status).toBe(404);
    expect(await approveInReview(songId, jobs)).toMatchObject({ status: "distributed" });
    const served = await exports.default.fetch(new Request(`http://jplay.test/api/songs/${songId}/preview`));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(clip);

    const page = await readDeliveryFeed(testContext(), { since: 0, limit: 500 }, (id, kind) => Promise.resolve(`signed:${id}/${kind}`));
    const release = page.changes.find((change) => change.songId === songId && change.kind === "release");
    expect(release).toMatchObject({ preview: { url: `signed:${songId}/preview` } });
    if (release?.kind !== "release" || !release.preview || !release.loudness) throw new Error("the feed carries no preview or loudness");
    expect(Math.abs(release.preview.startMs - 50_000)).toBeLessThanOrEqual(200);
    expect(Math.abs(release.preview.durationMs - 30_000)).toBeLessThanOrEqual(100);
    expect(Math.abs(release.loudness.integratedLufs - -14)).toBeLessThanOrEqual(0.76);
    expect(release.loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(release.loudness.replayGainTrackGainDb).toBeCloseTo(-18 - release.loudness.integratedLufs, 1);
  });
});
