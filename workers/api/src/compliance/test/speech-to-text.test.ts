/**
 * Speech-to-text screening (docs/decisions/075-speech-to-text-screening.md), with a stand-in for the
 * Workers AI binding as strict as the service (test/workers-ai-double.ts): without the setting an
 * upload queues no transcription and nothing is called; with it the upload's audio is transcribed by
 * its job, the transcript is screened like lyrics and a match holds the song for review; a service
 * that keeps failing makes the job retry as jobs do and then marks the transcript failed, which review
 * shows while the song can still be decided; a list change re-screens stored transcripts; and the feed
 * carries a transcript match's term, never the transcript. Term lists screen every song of its world.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { HeldSongsResponse, TermList } from "@jplay/schema/compliance";
import type { Facility } from "@jplay/schema/facilities";
import type { ReleaseChange } from "@jplay/schema/provider-feed";
import type { ReviewQueueResponse } from "@jplay/schema/review";
import worker from "../../index";
import { ADMIN_COOKIE } from "../../access/admin-access";
import { refreshFacilityHolds, requestTranscription, rescreenAfterListChange, transcribeSong } from "../index";
import { SPEECH_TO_TEXT_MODEL } from "../speech-to-text";
import type { Job } from "../../platform/job";
import { readDeliveryFeed } from "../../provider/delivery-feed";
import { adminWrite, SITE_ORIGIN, signedInOperator } from "../../../test/admin-support";
import { CapturingQueue, insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, setUpArtist, testContext } from "../../../test/support";
import { mp3Like, postStreamed, sessionHeaders, streamedForm } from "../../../test/upload-support";
import { AI_ERRORS, WorkersAiDouble } from "../../../test/workers-ai-double";

let operator: Browser;
let facility: Facility;
let list: TermList;

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return await response.json<T>();
};

/** What the model hears in each stored MP3, by its first bytes' song. */
const heard = new Map<string, string>();
const keyOf = (audio: Uint8Array) => [...audio.subarray(0, 64)].join(",");
const newDouble = () => new WorkersAiDouble((audio) => heard.get(keyOf(audio)) ?? "");

/** The Worker's env with the binding `ai` and the model named (null: none), and its queue captured. */
const sttEnv = (ai: WorkersAiDouble, jobs = new CapturingQueue(), model: string | null = SPEECH_TO_TEXT_MODEL): Env => ({
  ...env,
  AI: ai.binding,
  SPEECH_TO_TEXT_MODEL: model ?? undefined,
  JOBS: jobs.asQueue(),
});

const transcriptRow = (songId: string) =>
  env.DB.prepare("select status, model, text, error, attempts from song_transcripts where song_id = ?1")
    .bind(songId)
    .first<{ status: string; model: string; text: string | null; error: string | null; attempts: number }>();

/** An artist's upload answered by the Worker with `uploadEnv`; the audio is `audio`. */
async function upload(uploadEnv: Env, audio: Uint8Array, lyrics: string): Promise<string> {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  const form = streamedForm([
    { name: "customerId", data: setup.customerId },
    { name: "artistName", data: "Voice Artist" },
    { name: "songTitle", data: `Spoken ${crypto.randomUUID()}` },
    { name: "explicit", data: "no" },
    { name: "price", data: "1.99" },
    { name: "lyrics", data: lyrics },
    { name: "lyricsLanguage", data: "es" },
    { name: "songFile", filename: "song.mp3", data: audio },
  ]);
  const { id } = await json<{ id: string }>(await postStreamed(await sessionHeaders(browser), form, uploadEnv), 201);
  return id;
}

/** Moves an uploaded song to review: paid, waiting for an operator. */
const paidForReview = (songId: string) =>
  env.DB.prepare("update songs set status = 'approved', package = 'standard', paid_at = ?1, release_date = '2020-01-01' where id = ?2")
    .bind(Date.now(), songId)
    .run();

const reviewed = async (songId: string) => (await json<ReviewQueueResponse>(await operator.fetch("/api/admin/review"))).songs.find((s) => s.id === songId)!;

let messageSequence = 0;
async function runQueue(queue: string, body: Job, runEnv: Env, attempts: number) {
  const batch = createMessageBatch<Job>(queue, [{ id: `stt-${++messageSequence}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, runEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** An operator's list change, its re-screen jobs run to the end. */
async function addTerm(term: string) {
  const jobs = new CapturingQueue();
  const current = (await json<{ lists: TermList[] }>(await operator.fetch("/api/admin/term-lists"))).lists.find((l) => l.id === list.id)!;
  const response = await worker.fetch(
    new Request(`${SITE_ORIGIN}/api/admin/term-lists/${list.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, Cookie: `${ADMIN_COOKIE}=${operator.cookie(ADMIN_COOKIE)}` },
      body: JSON.stringify({ name: current.name, version: current.version, terms: [...current.terms, { term, language: "en" }] }),
    }),
    { ...env, JOBS: jobs.asQueue() },
    createExecutionContext(),
  );
  await json(response);
  const ctx = testContext({ jobs: jobs.asQueue() });
  for (let sent = jobs.take(); sent.length > 0; sent = jobs.take()) {
    for (const { body } of sent) if (body.type === "compliance.rescreen") await rescreenAfterListChange(ctx, body);
  }
}

beforeAll(async () => {
  operator = await signedInOperator();
  facility = await json<Facility>(
    await adminWrite(operator, "POST", "/api/admin/facilities", { name: "Hill Valley Facility", state: "OH", cleanOnly: false }),
    201,
  );
  list = await json<TermList>(
    await adminWrite(operator, "POST", "/api/admin/term-lists", { name: "Gang terms", terms: [{ term: "zorvex", language: "en" }] }),
    201,
  );
  await json(await adminWrite(operator, "PUT", `/api/admin/facilities/${facility.id}/term-lists`, { listIds: [list.id] }));
  await refreshFacilityHolds(testContext(), facility.id);
});

describe("speech-to-text off (the default)", () => {
  it("an upload queues no transcription and nothing is sent, even with the binding declared but no model named", async () => {
    const ai = newDouble();
    const jobs = new CapturingQueue();
    const songId = await upload(sttEnv(ai, jobs, null), mp3Like(40_000, 71), "quiet words");
    expect(jobs.take().filter((m) => m.body.type === "compliance.transcribe")).toEqual([]);
    expect(ai.calls).toEqual([]);
    expect(await transcriptRow(songId)).toBeNull();
    // The default configuration declares neither.
    expect(env.AI).toBeUndefined();
    expect(env.SPEECH_TO_TEXT_MODEL).toBeUndefined();
    await paidForReview(songId);
    expect((await reviewed(songId)).screening.transcript).toBeNull();
  });
});

describe("speech-to-text on", () => {
  it("transcribes the stored MP3, screens the transcript like lyrics and a match holds the song for review", async () => {
    const ai = newDouble();
    const jobs = new CapturingQueue();
    const audio = mp3Like(60_000, 72);
    heard.set(keyOf(audio), "We ride with the ZORVEX crew tonight");
    const songId = await upload(sttEnv(ai, jobs), audio, "clean words only");
    expect(jobs.take().map((m) => m.body)).toContainEqual({ type: "compliance.transcribe", songId });
    expect(await transcriptRow(songId)).toMatchObject({ status: "pending", model: SPEECH_TO_TEXT_MODEL });
    expect(ai.calls).toEqual([]);
    await paidForReview(songId);
    expect((await reviewed(songId)).screening).toMatchObject({ matches: [], transcript: { status: "pending", text: null } });

    const result = await runQueue("jplay-jobs", { type: "compliance.transcribe", songId }, sttEnv(ai), 1);
    expect(result.explicitAcks).toHaveLength(1);
    // The whole stored MP3 went as base64, with the artist's lyrics language as the hint.
    expect(ai.calls).toHaveLength(1);
    expect(ai.calls[0]!.audio).toEqual(audio);
    expect(ai.calls[0]!.inputs).toMatchObject({ task: "transcribe", language: "es" });
    expect(await transcriptRow(songId)).toMatchObject({ status: "done", text: "We ride with the ZORVEX crew tonight", error: null, attempts: 1 });

    const screening = (await reviewed(songId)).screening;
    expect(screening.matches).toMatchObject([{ field: "transcript", text: "ZORVEX", start: 17, end: 23, listName: "Gang terms", term: "zorvex" }]);
    expect(screening.facilities).toMatchObject([{ facilityId: facility.id, listNames: ["Gang terms"], status: "fails" }]);
    expect(screening.transcript).toEqual({ status: "done", text: "We ride with the ZORVEX crew tonight", error: null });
    // Exactly as a lyric match: approval needs an override with a reason.
    const refused = await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, {});
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("needs_override");

    // A second delivery of the job asks nothing again.
    await runQueue("jplay-jobs", { type: "compliance.transcribe", songId }, sttEnv(ai), 1);
    expect(ai.calls).toHaveLength(1);
  });

  it("a service that keeps failing: the job retries as jobs do, then the transcript is marked failed and review says so, the song still decidable", async () => {
    const ai = newDouble();
    const jobs = new CapturingQueue();
    const audio = mp3Like(40_000, 73);
    heard.set(keyOf(audio), "never heard");
    const songId = await upload(sttEnv(ai, jobs), audio, "plain words");
    await paidForReview(songId);
    ai.failures = [AI_ERRORS.outOfCapacity(), AI_ERRORS.timeout(), AI_ERRORS.outOfCapacity(), AI_ERRORS.outOfCapacity(), AI_ERRORS.outOfCapacity()];
    const job: Job = { type: "compliance.transcribe", songId };
    // The first run and max_retries (3, wrangler.toml) more: each retried.
    for (let attempt = 1; attempt <= 4; attempt++) {
      const result = await runQueue("jplay-jobs", job, sttEnv(ai), attempt);
      expect(result.retryMessages).toHaveLength(1);
      expect(result.explicitAcks).toEqual([]);
      expect(await transcriptRow(songId)).toMatchObject({ status: "pending", attempts: attempt });
    }
    expect((await reviewed(songId)).screening.transcript).toEqual({
      status: "pending",
      text: null,
      error: "3040: No more data centers to forward the request to",
    });

    // Then the dead-letter queue's last run fails too: recorded for operators, and the transcript is failed.
    const dead = await runQueue("jplay-jobs-dlq", job, sttEnv(ai), 1);
    expect(dead.explicitAcks).toHaveLength(1);
    expect(ai.calls).toHaveLength(5);
    expect(await transcriptRow(songId)).toMatchObject({
      status: "failed",
      text: null,
      error: "3040: No more data centers to forward the request to",
      attempts: 5,
    });
    const failedJob = await env.DB.prepare("select job_type from failed_jobs where song_id = ?1").bind(songId).first("job_type");
    expect(failedJob).toBe("compliance.transcribe");
    expect((await reviewed(songId)).screening).toMatchObject({
      matches: [],
      facilities: [],
      transcript: { status: "failed", text: null, error: "3040: No more data centers to forward the request to" },
    });
    // Not stuck: the operator decides on what they can hear.
    await json(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, {}));
  });

  it("a setting that names another model, or a model without the binding, marks the song failed at once and sends nothing", async () => {
    const ai = newDouble();
    const songId = await insertSong({ artistId: await insertArtist(), status: "approved", package: "standard" });
    const jobs = new CapturingQueue();
    await requestTranscription(testContext({ env: sttEnv(ai, jobs, "@cf/openai/whisper"), jobs: jobs.asQueue() }), songId);
    expect(await transcriptRow(songId)).toMatchObject({
      status: "failed",
      model: "@cf/openai/whisper",
      error: expect.stringContaining("JPlay transcribes with @cf/openai/whisper-large-v3-turbo only"),
    });
    const other = await insertSong({ artistId: await insertArtist(), status: "approved", package: "standard" });
    await requestTranscription(testContext({ env: { ...env, SPEECH_TO_TEXT_MODEL: SPEECH_TO_TEXT_MODEL }, jobs: jobs.asQueue() }), other);
    expect(await transcriptRow(other)).toMatchObject({ status: "failed", error: expect.stringContaining("no Workers AI binding") });
    expect(jobs.take()).toEqual([]);
    expect(ai.calls).toEqual([]);
  });

  it("a list change re-screens stored transcripts: a live song whose audio now matches is held; the feed names the term, never the transcript", async () => {
    const ai = newDouble();
    const songId = await insertSong({ artistId: await insertArtist(), status: "distributed", audio: mp3Like(40_000, 74) });
    await env.DB.prepare(
      "update songs set lyrics = 'nothing here', reviewed_at = ?1, reviewed_by = 'first@jplay.test', release_date = '2020-01-01' where id = ?2",
    )
      .bind(Date.now(), songId)
      .run();
    const stored = new Uint8Array(await (await env.MEDIA.get(`songs/${songId}/audio.mp3`))!.arrayBuffer());
    heard.set(keyOf(stored), "Out on the block the QUADRELL boys");
    const jobs = new CapturingQueue();
    await requestTranscription(testContext({ env: sttEnv(ai, jobs), jobs: jobs.asQueue() }), songId);
    await transcribeSong(testContext({ env: sttEnv(ai, jobs) }), songId);
    expect(await transcriptRow(songId)).toMatchObject({ status: "done" });
    const heldBefore = await json<HeldSongsResponse>(await operator.fetch("/api/admin/review/held"));
    expect(heldBefore.songs.map((s) => s.id)).not.toContain(songId);

    await addTerm("quadrell");
    const held = (await json<HeldSongsResponse>(await operator.fetch("/api/admin/review/held"))).songs.find((s) => s.id === songId)!;
    expect(held.screening).toMatchObject({
      matches: [{ field: "transcript", text: "QUADRELL", term: "quadrell", listName: "Gang terms" }],
      facilities: [{ facilityId: facility.id, status: "held" }],
      transcript: { status: "done", text: "Out on the block the QUADRELL boys" },
    });
    // The service was not asked again: the stored transcript was screened.
    expect(ai.calls).toHaveLength(1);

    await json(
      await adminWrite(operator, "POST", `/api/admin/songs/${songId}/facility-decision`, {
        facilityId: facility.id,
        decision: "override",
        reason: "A surname in a spoken intro",
      }),
    );
    const page = await readDeliveryFeed(testContext(), { since: 0, limit: 500 }, async (id, kind) => `https://media.test/${id}/${kind}`);
    const release = page.changes.filter((c): c is ReleaseChange => c.kind === "release" && c.songId === songId).at(-1)!;
    const record = release.compliance.find((c) => c.facilityId === facility.id)!;
    expect(record.overriddenMatches).toEqual([{ listName: "Gang terms", term: "quadrell", field: "transcript", text: "quadrell" }]);
    expect(JSON.stringify(page)).not.toContain("QUADRELL boys");
  });
});

describe("the Workers AI stand-in", () => {
  it("refuses input the service refuses: bytes for the turbo model, bad base64, an unknown field or model, audio over the limit", async () => {
    const ai = new WorkersAiDouble(() => "", 1000);
    await expect(ai.run(SPEECH_TO_TEXT_MODEL, { audio: [1, 2, 3] })).rejects.toThrow("5004: Invalid data type for base64 input: array");
    await expect(ai.run(SPEECH_TO_TEXT_MODEL, { audio: "not base64!" })).rejects.toThrow("5004");
    await expect(ai.run(SPEECH_TO_TEXT_MODEL, { audio: "AAAA", speed: 2 })).rejects.toThrow("5006");
    await expect(ai.run(SPEECH_TO_TEXT_MODEL, {})).rejects.toThrow("5006");
    await expect(ai.run("@cf/openai/whisper-huge", { audio: "AAAA" })).rejects.toThrow("5007");
    await expect(ai.run("@cf/openai/whisper", { audio: "AAAA" })).rejects.toThrow("5006");
    await expect(ai.run(SPEECH_TO_TEXT_MODEL, { audio: btoa("x".repeat(1001)) })).rejects.toThrow("3006: Request is too large");
    expect(ai.calls).toEqual([]);
  });
});
