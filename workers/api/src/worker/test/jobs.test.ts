/**
 * The queue consumer and the cron entry through the Worker's exported handlers, with real local R2:
 * jobs act once however often they are delivered, and failures are retried (then dead-lettered).
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../index";
import type { Job } from "../../platform/job";
import { DAILY_CRON } from "../crons";
import { runTasks } from "../run-scheduled";
import { testContext } from "../../../test/support";

const message = (id: string, body: unknown, attempts = 1) => ({ id, timestamp: new Date(), attempts, body: body as Job });

describe("JOBS queue consumer", () => {
  it("deletes orphaned media and acknowledges, also when the same job arrives twice", async () => {
    await env.MEDIA.put("songs/x/audio.mp3", "mp3");
    await env.MEDIA.put("songs/x/cover.png", "png");
    await env.MEDIA.put("songs/keep/audio.mp3", "keep");
    const job: Job = { type: "media.delete", keys: ["songs/x/audio.mp3", "songs/x/cover.png"] };
    const batch = createMessageBatch<Job>("jplay-jobs", [message("m1", job), message("m2", job)]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    expect(await env.MEDIA.head("songs/x/audio.mp3")).toBeNull();
    expect(await env.MEDIA.head("songs/x/cover.png")).toBeNull();
    expect(await env.MEDIA.head("songs/keep/audio.mp3")).not.toBeNull();
  });

  it("retries a message it cannot run instead of dropping it", async () => {
    const batch = createMessageBatch<Job>("jplay-jobs", [message("bad", { type: "no.such.job" }), message("good", { type: "media.delete", keys: [] })]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["bad"]);
    expect(result.explicitAcks).toEqual(["good"]);
  });
});

describe("Cron Trigger", () => {
  it("runs the daily schedule and refuses a schedule it does not know", async () => {
    const ctx = createExecutionContext();
    await expect(
      worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: Date.UTC(2026, 10, 23, 9) }), env, ctx),
    ).resolves.toBeUndefined();
    await expect(worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx)).rejects.toThrow(
      'No tasks are registered for the schedule "* * * * *"',
    );
  });

  it("runs every task of a schedule when one fails, logs the failure, then fails the run naming it", async () => {
    const ran: string[] = [];
    const deliverSongs = async () => void ran.push("deliverSongs");
    const reconcileStripe = async () => {
      ran.push("reconcileStripe");
      throw new Error("Stripe is unreachable");
    };
    const purgeSessions = async () => void ran.push("purgeSessions");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const run = runTasks([deliverSongs, reconcileStripe, purgeSessions], testContext(), new Date(Date.UTC(2026, 10, 23, 9, 15)));
      await expect(run).rejects.toThrow("Scheduled tasks failed (the others ran): reconcileStripe");
      expect(ran).toEqual(["deliverSongs", "reconcileStripe", "purgeSessions"]);
      const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
      // The error's type, never its message (platform/loggable-error.ts).
      expect(lines).toContainEqual({
        level: "error",
        event: "scheduled_task_failed",
        task: "reconcileStripe",
        scheduledTime: "2026-11-23T09:15:00.000Z",
        errorType: "Error",
      });
    } finally {
      logged.mockRestore();
    }
  });
});
