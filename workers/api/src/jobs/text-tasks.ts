/**
 * The cron's repair for the outbox (DELIVERY_CRON in run-scheduled.ts): a text whose send job was
 * lost (the Worker stopped between writing the row and queueing it, or the job ran out of retries
 * while Twilio was down) is queued again, a bounded number per run and of tries per text.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { textMessages } from "@jplay/schema/tables";
import { createDb } from "../db";
import type { JobQueue } from "./job";

/** A queued text older than this has lost its job (a send takes seconds; queue retries minutes). */
export const STUCK_TEXT_AFTER_MS = 30 * 60 * 1000;
const REQUEUED_PER_RUN = 50;
/** Sends tried on one text before the cron stops re-queueing it (an operator sees it queued in admin). */
export const MAX_TEXT_ATTEMPTS = 12;

export async function requeueStuckTextsTask(env: Env, scheduledTime: Date): Promise<void> {
  const stuck = await createDb(env.DB)
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(and(eq(textMessages.status, "queued"), lt(textMessages.createdAt, scheduledTime.getTime() - STUCK_TEXT_AFTER_MS), lt(textMessages.attempts, MAX_TEXT_ATTEMPTS)))
    .orderBy(asc(textMessages.createdAt))
    .limit(REQUEUED_PER_RUN);
  if (stuck.length === 0) return;
  await (env.JOBS as JobQueue).sendBatch(stuck.map((row) => ({ body: { type: "text.send" as const, messageId: row.id } })));
  console.log(JSON.stringify({ level: "warn", task: "texts.requeue-stuck", requeued: stuck.length }));
}
