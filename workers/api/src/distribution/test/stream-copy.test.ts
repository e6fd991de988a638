/**
 * The stream copy (docs/audio-checks.md, "Stream copy") against real local D1 and R2: the listening job
 * writes it beside the upload; it decodes through the decoder to the song's length; it is 64 kbps
 * constant bitrate, mono, 22.05 kHz; its first 16 KiB decode to more than a second of audio; and once
 * the song is public the listeners' audio route serves it instead of the upload.
 */
import { env, exports } from "cloudflare:workers";
import { MPEGDecoder } from "mpg123-decoder";
import { describe, expect, it } from "vitest";
import { DEMO_SONGS } from "../../../../../scripts/demo/catalogue.ts";
import { encodeMp3, renderSongSamples } from "../../../../../scripts/demo/render-mp3.ts";
import { checkMp3Audio } from "../audio-decode/check-mp3-audio";
import { mpg123Wasm } from "../audio-decode/mpg123-wasm";
import { processDistribution } from "../jobs/process-distribution";
import { Mp3FrameWalker } from "../../platform/mp3-frames";
import { streamAudioKey } from "../../platform/song-media-keys";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, pipelineContext } from "../../../test/song-fixtures";

const HOUR = 3_600_000;

async function* whole(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** Seconds of audio the first `bytes` of `mp3` decode to, through the same decoder. */
async function secondsIn(mp3: Uint8Array, bytes: number): Promise<number> {
  (MPEGDecoder as unknown as { module?: WebAssembly.Module }).module = mpg123Wasm;
  const decoder = new MPEGDecoder({ enableGapless: false });
  await decoder.ready;
  try {
    const decoded = decoder.decode(mp3.subarray(0, bytes));
    return decoded.samplesDecoded / decoded.sampleRate;
  } finally {
    decoder.free();
  }
}

describe("the stream copy", () => {
  it("is written by the listening job at 64 kbps, decodes to the song, starts within 16 KiB and is what listeners stream", async () => {
    const samples = renderSongSamples(DEMO_SONGS[5]!);
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, audio: encodeMp3(samples, 44_100, 192) });
    await paySong(songId, artistId, "pro", Date.now() - 25 * HOUR);
    const jobs = new CapturingQueue();
    await processDistribution(pipelineContext(jobs), songId);

    const stored = await env.MEDIA.get(streamAudioKey(songId));
    expect(stored?.httpMetadata?.contentType).toBe("audio/mpeg");
    const copy = new Uint8Array(await stored!.arrayBuffer());

    const walker = new Mp3FrameWalker();
    walker.push(copy);
    const facts = walker.finish();
    expect(facts).toMatchObject({ bitrate: 64_000, sampleRate: 22_050 });

    const check = await checkMp3Audio(whole(copy), mpg123Wasm);
    if (!check.ok) throw new Error(`the stream copy does not decode: ${check.detail}`);
    // The upload (the demo's samples taken as 44.1 kHz, at 192 kbps): the copy is as long, give or take the encoders' frames.
    expect(Math.abs(check.samples / check.sampleRate - samples.length / 44_100)).toBeLessThan(0.2);
    expect(check.measurements.integratedLufs).not.toBeNull();

    expect(await secondsIn(copy, 16 * 1024)).toBeGreaterThanOrEqual(1);

    expect(await approveInReview(songId, jobs)).toMatchObject({ status: "distributed" });
    const served = await exports.default.fetch(new Request(`http://jplay.test/api/songs/${songId}/audio`));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(copy);
  });
});
