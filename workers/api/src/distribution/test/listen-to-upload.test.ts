/**
 * Listening to every paid song in the queue job (docs/audio-checks.md), against real local D1, R2 and
 * Queues: encoded MP3s (the demo synthesiser's encoder) are streamed from R2 through the decoder and
 * the meters. A damaged middle frame is refused at upload when the form brings it (before any charge);
 * one that reached R2 another way refuses the paid song, with where and why in the artist's language on
 * their page and in their text, and its fee goes back through the rejection's refund; 15 s of silence
 * in front is flagged, not refused; the measurements are stored and answered to the artist (their own
 * songs only) and to operators in Review.
 */
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AudioCheckResponseSchema, type AudioCheckResponse } from "@jplay/schema/audio-check";
import { PACKAGES } from "@jplay/schema/pricing";
import { ReviewQueueResponseSchema } from "@jplay/schema/review";
import { issueArtistLink } from "../../access/artist-links";
import { processDistribution } from "../jobs/process-distribution";
import { signedInOperator } from "../../../test/admin-support";
import { damageMiddleFrame, toneAfterSilenceMp3 } from "../../../test/mp3-files";
import { CapturingQueue, insertArtist, insertSong, paySong, pipelineContext, songEvents, songRow, toneMp3 } from "../../../test/song-fixtures";
import { MP3_MESSAGES } from "../../platform/mp3-frames";
import { Browser, nextPhone, setUpArtist, testContext } from "../../../test/support";
import { countSongs, postStreamed, sessionHeaders, streamedForm } from "../../../test/upload-support";

async function artistSpeaking(language: "en" | "es"): Promise<string> {
  const artistId = await insertArtist();
  await env.DB.prepare("update artists set phone = ?1, language = ?2 where id = ?3").bind(nextPhone(), language, artistId).run();
  return artistId;
}

/** A paid song with `audio` in R2, its distribution job run; the jobs it queued. */
async function paidAndListenedTo(artistId: string, audio: Uint8Array) {
  const songId = await insertSong({ artistId, audio });
  await paySong(songId, artistId, "standard");
  const jobs = new CapturingQueue();
  await processDistribution(pipelineContext(jobs), songId);
  return { songId, jobs: jobs.take() };
}

const storedCheck = (songId: string) => env.DB.prepare("select * from song_audio_checks where song_id = ?1").bind(songId).first<Record<string, unknown>>();
const checkCount = async () => (await env.DB.prepare("select count(*) as n from song_audio_checks").first<{ n: number }>())!.n;

const audioCheckOf = (token: string, songId: string) => new Browser().fetch(`/api/artist/${token}/songs/${songId}/audio-check`);

describe("a song whose middle frame is damaged", () => {
  it("sent through the form, is refused at upload with the MP3 field's message: nothing stored, nothing to pay", async () => {
    const browser = new Browser();
    const { setup, saved } = await setUpArtist(browser);
    expect(saved.status).toBe(200);
    const songsBefore = await countSongs();
    const response = await postStreamed(
      await sessionHeaders(browser),
      streamedForm([
        { name: "customerId", data: setup.customerId },
        { name: "artistName", data: "Damaged Frame" },
        { name: "songTitle", data: "Zeroed in the middle" },
        { name: "explicit", data: "no" },
        { name: "price", data: "1.99" },
        { name: "songFile", filename: "song.mp3", data: damageMiddleFrame(toneMp3(20)) },
      ]),
    );
    expect(response.status).toBe(400);
    expect(Object.values(MP3_MESSAGES)).toContain((await response.json<{ error: { message: string } }>()).error.message);
    expect(await countSongs()).toBe(songsBefore);
    expect((await env.DB.prepare("select count(*) as n from payments").first<{ n: number }>())!.n).toBe(0);
  });

  it("found only by listening (it reached R2 another way), is refused once paid, in the artist's language, and its fee refunded", async () => {
    const artistId = await artistSpeaking("es");
    const { songId, jobs } = await paidAndListenedTo(artistId, damageMiddleFrame(toneMp3(20)));
    const song = await songRow(songId);
    expect(song?.status).toBe("rejected");
    expect(song?.deliver_at).toBeNull();
    // About ten seconds in: the middle of a 20-second song.
    expect(song?.rejection_reason).toMatch(/^Una parte del audio está dañada y no se puede reproducir \(desde aproximadamente 0:(09|10|11) de la canción\)\. /);
    const causes = (await songEvents(songId)).map((event) => event.cause);
    expect(causes).toContainEqual(expect.stringMatching(/^Audio check failed: corrupt audio at about 0:(09|10|11) \(/));
    // The rejection's own refund: the whole fee, written with the rejection and its Stripe call queued.
    const refunds = (
      await env.DB.prepare("select id, amount_cents, status, reason from refunds where song_id = ?1")
        .bind(songId)
        .all<{ id: string; amount_cents: number; status: string; reason: string }>()
    ).results;
    expect(refunds).toEqual([
      { id: expect.any(String), amount_cents: PACKAGES.standard.feeCents, status: "pending", reason: `Your song was rejected: ${song!.rejection_reason}` },
    ]);
    expect(jobs.map((job) => job.body)).toContainEqual({ type: "refund.send", refundId: refunds[0]!.id });
    const text = await env.DB.prepare("select body from text_messages where artist_id = ?1 and kind = 'song_rejected'")
      .bind(artistId)
      .first<{ body: string }>();
    expect(text?.body).toContain("Una parte del audio está dañada");
    expect(await storedCheck(songId)).toBeNull();
    // The job delivered again changes nothing: one refund.
    await processDistribution(pipelineContext(new CapturingQueue()), songId);
    expect((await env.DB.prepare("select count(*) as n from refunds where song_id = ?1").bind(songId).first<{ n: number }>())!.n).toBe(1);
  });

  it("is refused in English for an English-speaking artist", async () => {
    const { songId } = await paidAndListenedTo(await artistSpeaking("en"), damageMiddleFrame(toneMp3(20)));
    expect((await songRow(songId))?.rejection_reason).toMatch(/^Part of the audio is damaged and cannot be played \(from about 0:\d\d into the song\)\./);
  });
});

describe("a song with 15 s of silence in front", () => {
  it("is flagged, not refused; its measurements are stored and answered to its artist and in Review", async () => {
    const artistId = await artistSpeaking("en");
    const { songId } = await paidAndListenedTo(artistId, toneAfterSilenceMp3(15, 10));
    const song = await songRow(songId);
    expect(song?.status).toBe("approved");
    expect(song?.deliver_at).not.toBeNull();

    const stored = await storedCheck(songId);
    expect(JSON.parse(stored!.flags as string)).toEqual(["leading_silence"]);
    expect(stored!.leading_silence_ms as number).toBeGreaterThan(14_500);
    expect(stored!.leading_silence_ms as number).toBeLessThan(15_500);
    expect(stored!.trailing_silence_ms as number).toBeLessThan(1_000);
    // The tone is a sine at 0.3 of full scale: about −11 LUFS, its true peak well under 0 dBTP.
    expect(stored!.integrated_loudness as number).toBeGreaterThan(-1300);
    expect(stored!.integrated_loudness as number).toBeLessThan(-1000);
    expect(stored!.true_peak as number).toBeLessThan(0);
    expect(stored!.clipped_samples).toBe(0);

    const token = await issueArtistLink(testContext(), artistId);
    const answer = await audioCheckOf(token, songId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const { audioCheck } = v.parse(AudioCheckResponseSchema, await answer.json());
    expect(audioCheck).toMatchObject({
      flags: ["leading_silence"],
      clippedSamples: 0,
      integratedLufs: (stored!.integrated_loudness as number) / 100,
      truePeakDbtp: (stored!.true_peak as number) / 100,
    });
    expect(audioCheck!.leadingSilenceSeconds).toBeCloseTo(15, 0);

    const review = v.parse(ReviewQueueResponseSchema, await (await (await signedInOperator()).fetch("/api/admin/review")).json());
    expect(review.songs.find((row) => row.id === songId)?.audioCheck).toEqual(audioCheck);
  });
});

describe("the artist's sound check route", () => {
  it("answers null before the song was listened to, and in Review too", async () => {
    const artistId = await artistSpeaking("en");
    const songId = await insertSong({ artistId });
    await paySong(songId, artistId, "standard");
    const answer = await audioCheckOf(await issueArtistLink(testContext(), artistId), songId);
    expect(await answer.json<AudioCheckResponse>()).toEqual({ audioCheck: null });
    const review = v.parse(ReviewQueueResponseSchema, await (await (await signedInOperator()).fetch("/api/admin/review")).json());
    expect(review.songs.find((row) => row.id === songId)?.audioCheck).toBeNull();
  });

  it("refuses another artist's song, odd ids and wrong tokens alike (404), writing nothing", async () => {
    const owner = await artistSpeaking("en");
    const { songId } = await paidAndListenedTo(owner, toneMp3(5));
    const intruder = await artistSpeaking("en");
    const intruderToken = await issueArtistLink(testContext(), intruder);
    const ownerToken = await issueArtistLink(testContext(), owner);
    const before = await checkCount();
    const refused = [
      await audioCheckOf(intruderToken, songId),
      await audioCheckOf(ownerToken, "constructor"),
      await audioCheckOf(ownerToken, "__proto__"),
      await audioCheckOf(ownerToken, crypto.randomUUID()),
      await audioCheckOf("A".repeat(43), songId),
      await audioCheckOf("constructor", songId),
      await audioCheckOf("__proto__", songId),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(await answer.json())).not.toContain("integratedLufs");
    }
    expect(await checkCount()).toBe(before);
    expect((await audioCheckOf(ownerToken, songId)).status).toBe(200);
  });
});
