/**
 * The Cron Trigger entry: maps each schedule in wrangler.toml to the tasks it runs. Daily at 00:00 UTC
 * the payout run starts (daily artists every day, weekly artists on Mondays). Every 15 minutes the
 * distribution sweep delivers due songs and re-queues lost audio checks, orphaned upload
 * objects of a stopped Worker are removed, songs left unpaid too long are removed with their files,
 * dead sessions and old sign-in tries are deleted, and what Stripe did that webhooks or lost answers
 * left out is applied.
 */
import { deliverDueSongsTask, requeueStalledDistributionsTask } from "./distribution-tasks";
import { startPayoutRun } from "./payout-run";
import { reconcileStripeTask } from "./reconcile-stripe";
import { removeUnpaidSongsTask } from "./remove-unpaid-songs-task";
import { sweepOrphanMediaTask } from "./repair-tasks";
import { purgeSessionsTask } from "./session-tasks";
import { requeueStuckTextsTask } from "./text-tasks";
import { DAILY_CRON, DELIVERY_CRON } from "./crons";

export type ScheduledTask = (env: Env, scheduledTime: Date) => Promise<void>;


const tasksBySchedule: Record<string, ScheduledTask[]> = {
  [DAILY_CRON]: [startPayoutRun],
  [DELIVERY_CRON]: [deliverDueSongsTask, requeueStalledDistributionsTask, sweepOrphanMediaTask, removeUnpaidSongsTask, purgeSessionsTask, reconcileStripeTask, requeueStuckTextsTask],
};

export async function runScheduled(controller: ScheduledController, env: Env): Promise<{ ran: number }> {
  const tasks = tasksBySchedule[controller.cron];
  if (!tasks) throw new Error(`No tasks are registered for the schedule "${controller.cron}"`);
  const scheduledTime = new Date(controller.scheduledTime);
  for (const task of tasks) await task(env, scheduledTime);
  return { ran: tasks.length };
}
