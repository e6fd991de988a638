/**
 * Fingerprinting every paid upload against the catalogue (docs/audio-checks.md, "Fingerprints"),
 * against real local D1, R2 and Queues: a demo song re-uploaded by another artist (re-encoded, its
 * first 5 s trimmed, 6 dB quieter) is found, shown beside the catalogue song in Review, and cannot be
 * approved without an operator's reason it is not a copy, which is recorded; the same artist uploading
 * their own song again is told by text in their language and not held; a different song matches nothing.
 */
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ReviewQueueResponseSchema } from "@jplay/schema/review";
import { DEMO_SONGS } from "../../../../../scripts/demo/catalogue.ts";
import { encodeMp3, renderSongSamples, SAMPLE_RATE } from "../../../../../scripts/demo/render-mp3.ts";
import { processDistribution } from "../jobs/process-distribution";
import { listenToUpload } from "../listen-to-upload";
import { adminPostCapturing, signedInOperator } from "../../../test/admin-support";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, pipelineContext, songEvents, songRow } from "../../../test/song-fixtures";
import { nextPhone } from "../../../test/support";

/**
 * Demo song `index` as the catalogue has it (its own encoding: 22.05 kHz, 64 kbps) and as another file
 * of the same recording: its first 5 s trimmed, 6 dB quieter, at 128 kbps. Each test takes its own
 * songs: the file's tests share one world.
 */
function demoSong(index: number) {
  const samples = renderSongSamples(DEMO_SONGS[index]!);
  return {
    original: encodeMp3(samples),
    reupload: encodeMp3(
      samples.subarray(5 * SAMPLE_RATE).map((sample) => sample / 2),
      SAMPLE_RATE,
      128,
    ),
  };
}

async function artistSpeaking(language: "en" | "es"): Promise<string> {
  const artistId = await insertArtist();
  await env.DB.prepare("update artists set phone = ?1, language = ?2 where id = ?3").bind(nextPhone(), language, artistId).run();
  return artistId;
}

async function paidAndListenedTo(artistId: string, audio: Uint8Array): Promise<string> {
  const songId = await insertSong({ artistId, audio });
  await paySong(songId, artistId, "standard");
  await processDistribution(pipelineContext(new CapturingQueue()), songId);
  expect((await songRow(songId))?.status).toBe("approved");
  return songId;
}

const matchesOf = (songId: string) =>
  env.DB.prepare("select * from song_catalogue_matches where song_id = ?1")
    .bind(songId)
    .all<Record<string, unknown>>()
    .then((rows) => rows.results);

const approvePath = (songId: string) => `/api/admin/songs/${encodeURIComponent(songId)}/approve`;

describe("an upload whose audio is already in the catalogue", () => {
  it("under another artist is shown beside the catalogue song and held until an operator decides it is not a copy", async () => {
    const { original, reupload } = demoSong(0);
    const catalogueSong = await paidAndListenedTo(await artistSpeaking("en"), original);
    await approveInReview(catalogueSong);
    const copy = await paidAndListenedTo(await artistSpeaking("en"), reupload);

    const [match] = await matchesOf(copy);
    expect(match).toMatchObject({ matched_song_id: catalogueSong, same_artist: 0, decided_at: null });
    expect(match!.bit_error_rate_bp as number).toBeLessThan(2000);

    const operator = await signedInOperator();
    const review = v.parse(ReviewQueueResponseSchema, await (await operator.fetch("/api/admin/review")).json());
    const row = review.songs.find((song) => song.id === copy);
    expect(row?.catalogueMatches).toEqual([
      expect.objectContaining({ songId: catalogueSong, sameArtist: false, audioUrl: `/api/admin/songs/${catalogueSong}/audio` }),
    ]);
    // The copy starts 5 s into the catalogue song.
    expect(row!.catalogueMatches[0]!.offsetSeconds).toBeGreaterThan(-5.5);
    expect(row!.catalogueMatches[0]!.offsetSeconds).toBeLessThan(-4.5);

    const jobs = new CapturingQueue();
    const refused = await adminPostCapturing(operator, approvePath(copy), {}, jobs);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: { code: string; message: string } }>()).error).toMatchObject({
      code: "catalogue_match",
      message: expect.stringContaining(`"Song ${catalogueSong.slice(0, 8)}" by Fixture Artist`),
    });
    expect(await songRow(copy)).toMatchObject({ status: "approved", reviewed_at: null });
    expect((await matchesOf(copy))[0]).toMatchObject({ decided_at: null, decided_by: null });
    // An empty reason is no decision.
    expect((await adminPostCapturing(operator, approvePath(copy), { notACopy: { reason: "" } }, jobs)).status).toBe(400);

    const approved = await adminPostCapturing(operator, approvePath(copy), { notACopy: { reason: "Licensed from the label" } }, jobs);
    expect(approved.status).toBe(200);
    expect(await songRow(copy)).toMatchObject({ reviewed_at: expect.any(Number) });
    expect((await matchesOf(copy))[0]).toMatchObject({ decided_by: expect.any(String), decision_reason: "Licensed from the label" });
    expect((await songEvents(copy)).map((event) => event.cause)).toContainEqual(expect.stringContaining("it is not a copy of"));
  });

  it("by the same artist is told to them in their language and does not hold the approval", async () => {
    const { original, reupload } = demoSong(2);
    const artistId = await artistSpeaking("es");
    const catalogueSong = await paidAndListenedTo(artistId, original);
    const again = await paidAndListenedTo(artistId, reupload);
    expect(await matchesOf(again)).toEqual([expect.objectContaining({ matched_song_id: catalogueSong, same_artist: 1 })]);
    const texts = await env.DB.prepare("select body from text_messages where artist_id = ?1 and kind = 'song_already_in_catalogue'")
      .bind(artistId)
      .all<{ body: string }>();
    expect(texts.results).toHaveLength(1);
    expect(texts.results[0]!.body).toContain("es la misma grabación que tu canción");
    // Listening again (a repeated job) finds the same match once and texts once.
    const row = await env.DB.prepare("select audio_key as audioKey, title from songs where id = ?1").bind(again).first<{ audioKey: string; title: string }>();
    await listenToUpload(pipelineContext(new CapturingQueue()), { id: again, artistId, ...row! });
    expect(await matchesOf(again)).toHaveLength(1);
    const textsAfter = await env.DB.prepare("select count(*) as n from text_messages where artist_id = ?1 and kind = 'song_already_in_catalogue'")
      .bind(artistId)
      .first<{ n: number }>();
    expect(textsAfter!.n).toBe(1);
    await expect(approveInReview(again)).resolves.toMatchObject({ status: expect.any(String) });
  });

  it("matches nothing when it is a different song, and the first song of a catalogue matches nothing", async () => {
    const firstSong = await paidAndListenedTo(await artistSpeaking("en"), demoSong(3).original);
    const other = await paidAndListenedTo(await artistSpeaking("en"), demoSong(4).original);
    expect(await matchesOf(firstSong)).toEqual([]);
    expect(await matchesOf(other)).toEqual([]);
    const fingerprints = await env.DB.prepare("select count(*) as n from song_fingerprints").first<{ n: number }>();
    expect(fingerprints!.n).toBe(6);
  });
});
