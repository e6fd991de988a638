/**
 * The distribution pipeline's cron tasks (DELIVERY_CRON in run-scheduled.ts): deliver every song whose
 * window has started, and queue the audio check again for paid songs whose `distribution.process`
 * never ran (a lost message). In production this sweep is the safety net behind the delayed
 * `distribution.deliver` messages; the schedule's time is taken as "now".
 */
import type { Ctx } from "../../platform/context";
import type { Job } from "../../platform/job";
import { deliverDueSongs, findStalledSongs } from "../distribution-pipeline";

/** A paid song without a delivery time this long after payment lost its job. */
export const STALLED_AFTER_MS = 10 * 60 * 1000;
const STALLED_PER_RUN = 500;
/** Queue.sendBatch takes at most 100 messages. */
const SEND_BATCH = 100;

export async function deliverDueSongsTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const delivered = await deliverDueSongs(ctx, scheduledTime.getTime(), "the scheduled sweep");
  if (delivered.length > 0) console.log(JSON.stringify({ level: "info", task: "distribution.deliver-due", delivered: delivered.length }));
}

export async function requeueStalledDistributionsTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const stalled = await findStalledSongs(ctx, scheduledTime.getTime(), STALLED_AFTER_MS, STALLED_PER_RUN);
  for (let i = 0; i < stalled.length; i += SEND_BATCH) {
    const messages = stalled.slice(i, i + SEND_BATCH).map((songId) => ({ body: { type: "distribution.process", songId } satisfies Job }));
    await ctx.jobs.sendBatch(messages);
  }
  if (stalled.length > 0) console.log(JSON.stringify({ level: "warn", task: "distribution.requeue-stalled", requeued: stalled.length }));
}
