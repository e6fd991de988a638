/**
 * The cron's repair for the outbox (DELIVERY_CRON in run-scheduled.ts): a text whose send job was
 * lost (the Worker stopped between writing the row and queueing it, or the job ran out of retries
 * while Twilio was down) is queued again, a bounded number per run and of tries per text.
 */
import type { Ctx } from "../../platform/context";
import { stuckTextIds } from "../text-sends";

/** A queued text older than this has lost its job (a send takes seconds; queue retries minutes). */
export const STUCK_TEXT_AFTER_MS = 30 * 60 * 1000;
const REQUEUED_PER_RUN = 50;
/** Sends tried on one text before the cron stops re-queueing it (an operator sees it queued in admin). */
export const MAX_TEXT_ATTEMPTS = 12;

export async function requeueStuckTextsTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const stuck = await stuckTextIds(ctx, scheduledTime.getTime() - STUCK_TEXT_AFTER_MS, MAX_TEXT_ATTEMPTS, REQUEUED_PER_RUN);
  if (stuck.length === 0) return;
  await ctx.jobs.sendBatch(stuck.map((messageId) => ({ body: { type: "text.send" as const, messageId } })));
  console.log(JSON.stringify({ level: "warn", task: "texts.requeue-stuck", requeued: stuck.length }));
}
