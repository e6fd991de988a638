/**
 * The distribution pipeline against real local D1 and R2, through the Worker's exported queue and
 * cron handlers: a paid song's audio is decoded and its delivery scheduled by package; bad audio is
 * rejected with a reason; redelivered jobs act once; with compressed windows a paid song goes live and
 * joins the public lists; lost jobs are re-queued; jobs that keep failing are recorded for the admin.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import type { Job } from "../../platform/job";
import { DELIVERY_CRON } from "../../worker/crons";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, pipelineEnv, songEvents, songRow } from "../../../test/song-fixtures";
import { MP3_FRAME_BYTES, mp3Bytes, pngBytes } from "../../../test/support";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let messageSequence = 0;

async function runQueue(queue: string, bodies: Job[], runEnv: Env, attempts = 1) {
  const batch = createMessageBatch<Job>(
    queue,
    bodies.map((body) => ({ id: `msg-${++messageSequence}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, runEnv, ctx);
  return getQueueResult(batch, ctx);
}
const runJobs = (bodies: Job[], runEnv: Env) => runQueue("jplay-jobs", bodies, runEnv);

async function runCron(scheduledTime: number, runEnv: Env) {
  await worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime }), runEnv, createExecutionContext());
}

async function publicList(list: "recent" | "popular"): Promise<string[]> {
  const response = await exports.default.fetch(new Request(`http://jplay.test/api/songs/${list}`));
  expect(response.status).toBe(200);
  return (await response.json<{ id: string }[]>()).map((song) => song.id);
}

async function paidSong(songPackage: Parameters<typeof paySong>[2], audio?: Uint8Array | null, paidAt = Date.now()) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, audio });
  const queued = await paySong(songId, artistId, songPackage, paidAt);
  expect(queued).toEqual([{ body: { type: "distribution.process", songId }, delaySeconds: undefined }]);
  return { songId, artistId, process: queued[0]!.body };
}

describe("distribution.process", () => {
  it("decodes the audio, records its facts and schedules delivery at the start of the package's window", async () => {
    const frames = 400;
    const cases = [
      ["pro", 24 * HOUR],
      ["expedited", 48 * HOUR],
      ["recovery_1", 7 * DAY],
      ["recovery_2", 7 * DAY],
      ["standard", 14 * DAY],
    ] as const;
    for (const [songPackage, window] of cases) {
      const jobs = new CapturingQueue();
      const paidAt = Date.now() - 1000;
      const { songId, process } = await paidSong(songPackage, mp3Bytes(MP3_FRAME_BYTES * frames), paidAt);
      const result = await runJobs([process], pipelineEnv(jobs));
      expect(result.retryMessages).toEqual([]);

      const song = await songRow(songId);
      expect(song).toMatchObject({
        status: "approved",
        package: songPackage,
        paid_at: paidAt,
        deliver_at: paidAt + window,
        bitrate: 128000,
        sample_rate: 44100,
      });
      // 400 frames × 1152 samples at 44.1 kHz.
      expect(song!.duration_ms).toBeCloseTo((frames * 1152 * 1000) / 44100, -1);
      const events = await songEvents(songId);
      expect(events.map((e) => [e.from_status, e.to_status])).toEqual([
        ["pending", "approved"],
        ["approved", "approved"],
      ]);
      expect(events[1]!.cause).toContain(`delivery scheduled for ${new Date(paidAt + window).toISOString()} (${songPackage} package)`);
      expect(events[1]!.cause).toContain("128 kbps, 44.1 kHz");
      // Real windows are longer than a queue message can wait: the delay is capped at 12 hours.
      expect(jobs.take()).toEqual([{ body: { type: "distribution.deliver", songId }, delaySeconds: 12 * 60 * 60 }]);
    }
  });

  it("acts once when the same job is delivered twice, in one batch or later", async () => {
    const jobs = new CapturingQueue();
    const runEnv = pipelineEnv(jobs, "1");
    const { songId, process } = await paidSong("expedited");
    const result = await runJobs([process, process], runEnv);
    expect(result.explicitAcks).toHaveLength(2);
    const scheduled = await songRow(songId);
    await runJobs([process], runEnv);

    expect(await songRow(songId)).toEqual(scheduled);
    const events = await songEvents(songId);
    expect(events.filter((e) => e.to_status === "approved" && e.from_status === "approved")).toHaveLength(1);
    // Each run (re)sends the delivery message, whose consumer acts once: a run that stopped before
    // sending it loses nothing.
    expect(jobs.take().every((m) => m.body.type === "distribution.deliver" && m.body.songId === songId)).toBe(true);
  });

  it.each([
    ["a PNG that slipped into R2", pngBytes(), /not MP3 audio|could not be decoded/],
    ["plain text", new TextEncoder().encode("this is not audio ".repeat(400)), /not MP3 audio|could not be decoded/],
    [
      "a file that only starts like an MP3",
      (() => {
        const b = new Uint8Array(8192);
        b.set([0xff, 0xfb, 0x90, 0x64]);
        return b;
      })(),
      /no playable MP3 frames|not MP3/,
    ],
    ["a missing object", null, /The stored audio file is missing/],
  ] as const)("rejects %s with the reason the admin sees, once", async (_name, audio, reason) => {
    const jobs = new CapturingQueue();
    const { songId, process } = await paidSong("expedited", audio);
    await runJobs([process], pipelineEnv(jobs, "1"));
    await runJobs([process], pipelineEnv(jobs, "1"));

    const song = await songRow(songId);
    expect(song!.status).toBe("rejected");
    expect(song!.rejection_reason).toMatch(reason);
    expect(song!.deliver_at).toBeNull();
    const events = await songEvents(songId);
    // The paid fee goes back (docs/decisions/025): one refund event, one refund job, however often the job ran.
    expect(events.map((e) => [e.from_status, e.to_status])).toEqual([
      ["pending", "approved"],
      ["approved", "rejected"],
      ["rejected", "rejected"],
    ]);
    expect(events.find((e) => e.to_status === "rejected" && e.from_status === "approved")!.cause).toBe(`Audio check failed: ${song!.rejection_reason}`);
    expect(jobs.take().map((m) => m.body.type)).toEqual(["refund.send"]);
    expect(await publicList("recent")).not.toContain(songId);
  });

  it("fails (and writes nothing) when the window setting is not a number, instead of guessing", async () => {
    const jobs = new CapturingQueue();
    const { songId, process } = await paidSong("pro");
    const result = await runJobs([process], pipelineEnv(jobs, "fast"));
    expect(result.retryMessages.map((m) => m.msgId)).toHaveLength(1);
    expect(await songRow(songId)).toMatchObject({ status: "approved", deliver_at: null, duration_ms: null });
  });

  it("leaves unpaid, live and rejected songs alone", async () => {
    const jobs = new CapturingQueue();
    const artistId = await insertArtist();
    const pending = await insertSong({ artistId });
    const live = await insertSong({ artistId, status: "distributed", package: "pro" });
    const rejected = await insertSong({ artistId, status: "rejected", package: "pro" });
    const before = await Promise.all([pending, live, rejected].map(songRow));
    const bodies: Job[] = [pending, live, rejected].flatMap((songId) => [
      { type: "distribution.process", songId },
      { type: "distribution.deliver", songId },
    ]);
    const result = await runJobs(bodies, pipelineEnv(jobs, "1"));
    expect(result.retryMessages).toEqual([]);
    expect(await Promise.all([pending, live, rejected].map(songRow))).toEqual(before);
    expect(jobs.take()).toEqual([]);
  });
});

describe("delivery", () => {
  it("with compressed windows, a paid song goes live on time and joins /api/songs/recent and /popular", async () => {
    const jobs = new CapturingQueue();
    // 0.02 s per window hour: expedited (48 h) is due 0.96 s after payment.
    const runEnv = pipelineEnv(jobs, "0.02");
    const paidAt = Date.now();
    const { songId, process } = await paidSong("expedited", undefined, paidAt);
    // Approved in review at once (its window has not started: it waits for its promised time).
    expect(await approveInReview(songId, jobs, paidAt + 1)).toEqual({ status: "approved", explicit: null });
    await runJobs([process], runEnv);
    const song = await songRow(songId);
    expect(song!.deliver_at).toBe(paidAt + 960);
    const [deliver] = jobs.take();
    expect(deliver).toEqual({ body: { type: "distribution.deliver", songId }, delaySeconds: 1 });

    // Arriving early (the queue's delay is whole seconds, a clock may differ) it waits again.
    if (Date.now() < song!.deliver_at!) {
      await runJobs([deliver!.body], runEnv);
      expect((await songRow(songId))!.status).toBe("approved");
      expect(jobs.take()).toEqual([{ body: { type: "distribution.deliver", songId }, delaySeconds: expect.any(Number) }]);
      expect(await publicList("recent")).not.toContain(songId);
    }

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, song!.deliver_at! - Date.now()) + 20));
    await runJobs([deliver!.body, deliver!.body], runEnv);
    const live = await songRow(songId);
    expect(live!.status).toBe("distributed");
    expect(live!.distributed_at).toBeGreaterThanOrEqual(song!.deliver_at!);
    const events = await songEvents(songId);
    expect(events.map((e) => [e.from_status, e.to_status])).toEqual([
      ["pending", "approved"],
      ["approved", "approved"],
      ["approved", "approved"],
      ["approved", "distributed"],
    ]);
    expect(events[1]).toMatchObject({ cause: "Approved in review by ops@jplay.test", actor: "ops@jplay.test" });
    expect(events[3]!.cause).toBe("Delivered to the catalogue by the delivery job: the expedited delivery window was reached");
    expect((await publicList("recent"))[0]).toBe(songId);
    expect(await publicList("popular")).toContain(songId);
  });

  it("through the real local queue: the paid song's job runs, its delayed delivery message fires, the song goes live", async () => {
    // Real windows (no compression), but paid 48 h minus 3 s ago: the expedited song is due in 3 s.
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId });
    const [process] = await paySong(songId, artistId, "expedited", Date.now() - 48 * HOUR + 3000);
    await approveInReview(songId);
    await env.JOBS.send(process!.body);
    const deadline = Date.now() + 20_000;
    while ((await songRow(songId))!.status !== "distributed" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const song = await songRow(songId);
    expect(song!.status).toBe("distributed");
    expect(song!.distributed_at).toBeGreaterThanOrEqual(song!.deliver_at!);
    expect(await publicList("recent")).toContain(songId);
  }, 30_000);

  it("the cron sweep delivers every song that is due, once, and nothing early", async () => {
    const jobs = new CapturingQueue();
    const runEnv = pipelineEnv(jobs);
    const paidAt = Date.now();
    const pro = await paidSong("pro", undefined, paidAt);
    const standard = await paidSong("standard", undefined, paidAt);
    await runJobs([pro.process, standard.process], runEnv);
    await approveInReview(pro.songId, jobs, paidAt + HOUR);
    await approveInReview(standard.songId, jobs, paidAt + HOUR);
    jobs.take();

    await runCron(paidAt + 24 * HOUR - 1, runEnv);
    expect((await songRow(pro.songId))!.status).toBe("approved");
    await runCron(paidAt + 24 * HOUR, runEnv);
    await runCron(paidAt + 24 * HOUR + 15 * 60_000, runEnv);
    expect(await songRow(pro.songId)).toMatchObject({ status: "distributed", distributed_at: paidAt + 24 * HOUR });
    expect((await songRow(standard.songId))!.status).toBe("approved");
    const events = await songEvents(pro.songId);
    expect(events.filter((e) => e.to_status === "distributed")).toEqual([
      expect.objectContaining({ from_status: "approved", cause: "Delivered to the catalogue by the scheduled sweep: the pro delivery window was reached" }),
    ]);
    // A late delivery message for a song the sweep already delivered changes nothing.
    await runJobs([{ type: "distribution.deliver", songId: pro.songId }], runEnv);
    expect((await songEvents(pro.songId)).filter((e) => e.to_status === "distributed")).toHaveLength(1);
  });

  it("a song nobody has reviewed is not delivered when due; approving it after its time delivers it at once, once", async () => {
    const jobs = new CapturingQueue();
    const runEnv = pipelineEnv(jobs);
    const paidAt = Date.now() - 25 * HOUR;
    const { songId, process } = await paidSong("pro", undefined, paidAt);
    await runJobs([process], runEnv);
    const [deliver] = jobs.take();
    await runJobs([deliver!.body], runEnv);
    await runCron(Date.now(), runEnv);
    expect((await songRow(songId))!.status).toBe("approved");
    expect(await publicList("recent")).not.toContain(songId);

    const approvedAt = Date.now();
    expect(await approveInReview(songId, jobs, approvedAt)).toEqual({ status: "distributed", explicit: null });
    expect(await songRow(songId)).toMatchObject({ status: "distributed", distributed_at: approvedAt, reviewed_at: approvedAt, reviewed_by: "ops@jplay.test" });
    await expect(approveInReview(songId, jobs)).rejects.toMatchObject({ status: 409, code: "not_reviewable" });
    await runJobs([deliver!.body], runEnv);
    await runCron(Date.now(), runEnv);
    const events = await songEvents(songId);
    expect(events.filter((e) => e.to_status === "distributed")).toEqual([
      expect.objectContaining({ cause: "Delivered to the catalogue by ops@jplay.test: the pro delivery window was reached" }),
    ]);
    const feed = await env.DB.prepare("select kind, at from catalogue_changes where song_id = ?1").bind(songId).all();
    expect(feed.results).toEqual([{ kind: "release", at: approvedAt }]);
  });

  it("the sweep re-queues the audio check of paid songs whose job was lost, after 10 minutes", async () => {
    const jobs = new CapturingQueue();
    const runEnv = pipelineEnv(jobs);
    const now = Date.now();
    const lost = await paidSong("expedited", undefined, now - 11 * 60_000);
    const recent = await paidSong("expedited", undefined, now - 5 * 60_000);
    const deadLettered = await paidSong("expedited", undefined, now - 60 * 60_000);
    await env.DB.prepare("insert into failed_jobs (id, job_type, payload, error, song_id) values (?1, 'distribution.process', '{}', 'boom', ?2)")
      .bind(crypto.randomUUID(), deadLettered.songId)
      .run();

    await runCron(now, runEnv);
    const requeued = jobs.take().map((m) => m.body);
    expect(requeued).toContainEqual({ type: "distribution.process", songId: lost.songId });
    expect(requeued).not.toContainEqual({ type: "distribution.process", songId: recent.songId });
    expect(requeued).not.toContainEqual({ type: "distribution.process", songId: deadLettered.songId });

    await runJobs(
      requeued.filter((job) => "songId" in job && job.songId === lost.songId),
      runEnv,
    );
    expect((await songRow(lost.songId))!.deliver_at).toBe(now - 11 * 60_000 + 48 * HOUR);
    await runCron(now + 60_000, runEnv);
    expect(jobs.take().map((m) => m.body)).not.toContainEqual({ type: "distribution.process", songId: lost.songId });
  });
});

describe("dead letters", () => {
  it("a job that keeps failing is retried, then recorded in failed_jobs once and acknowledged", async () => {
    const jobs = new CapturingQueue();
    const runEnv = pipelineEnv(jobs);
    const missingSong = crypto.randomUUID();
    const job: Job = { type: "distribution.process", songId: missingSong };
    for (let attempt = 1; attempt <= 4; attempt++) {
      const result = await runQueue("jplay-jobs", [job], runEnv, attempt);
      expect(result.retryMessages).toHaveLength(1);
      expect(result.explicitAcks).toEqual([]);
    }
    // After max_retries the queue moves it to jplay-jobs-dlq (wrangler.toml); its consumer records it.
    const batch = createMessageBatch<Job>("jplay-jobs-dlq", [{ id: "dead-1", timestamp: new Date(), attempts: 1, body: job }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, runEnv, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["dead-1"]);
    // Delivered to the dead-letter consumer again: still one row.
    const again = createMessageBatch<Job>("jplay-jobs-dlq", [{ id: "dead-1", timestamp: new Date(), attempts: 2, body: job }]);
    await worker.queue(again, runEnv, createExecutionContext());

    const { results } = await env.DB.prepare("select job_type, payload, error, song_id from failed_jobs where song_id = ?1").bind(missingSong).all();
    expect(results).toEqual([
      { job_type: "distribution.process", payload: JSON.stringify(job), error: `distribution.process: no song ${missingSong}`, song_id: missingSong },
    ]);
  });

  it("a dead-lettered job that now succeeds is acknowledged and not recorded", async () => {
    const jobs = new CapturingQueue();
    const { songId, process } = await paidSong("pro");
    const result = await runQueue("jplay-jobs-dlq", [process], pipelineEnv(jobs, "1"));
    expect(result.explicitAcks).toHaveLength(1);
    expect((await songRow(songId))!.deliver_at).not.toBeNull();
    expect(await env.DB.prepare("select count(*) as n from failed_jobs where song_id = ?1").bind(songId).first("n")).toBe(0);
  });
});
