/**
 * The Cron Trigger entry: maps each schedule in wrangler.toml to the tasks it runs. Daily at 00:00 UTC
 * the payout run starts (daily artists every day, weekly artists on Mondays) and royalty split shares
 * held past their hold go back to their artists, who are texted 14 days before (splits/). Every 15 minutes the
 * songs live or scheduled without an ISRC and a UPC are given theirs (before the sweep, which
 * delivers none without them), the distribution sweep delivers due songs and re-queues lost audio
 * checks, orphaned upload objects of a stopped Worker are removed, songs left unpaid too long are
 * removed with their files, dead sessions, old sign-in tries, used provider signatures past their window
 * and ended listener sessions are deleted, what Stripe did that webhooks or lost answers left out is
 * applied, and the audit log's new records are sealed into its hash chain (compliance/audit-chain.ts).
 * A task that fails does not keep the others from running.
 * A run builds one context (platform/context.ts) and hands it to each task.
 */
import { deliverDueSongsTask, removeUnpaidSongsTask, requeueStalledDistributionsTask, sweepOrphanMediaTask } from "../distribution/index";
import { startPayoutRun } from "../ledger/index";
import { reconcileStripeTask } from "../payments/index";
import { backfillIdentifiersTask } from "../releases/index";
import { purgeSessionsTask } from "../access/index";
import { purgeProviderStateTask } from "../provider/index";
import { requeueStuckTextsTask } from "../texts/index";
import { sealAuditLogTask } from "../compliance/index";
import { returnHeldSharesTask } from "../splits/index";
import { DAILY_CRON, DELIVERY_CRON } from "./crons";
import { contextFor, type Ctx } from "../platform/context";
import { loggableError } from "../platform/loggable-error";

export type ScheduledTask = (ctx: Ctx, scheduledTime: Date) => Promise<void>;

const tasksBySchedule = new Map<string, ScheduledTask[]>([
  [DAILY_CRON, [startPayoutRun, returnHeldSharesTask]],
  [
    DELIVERY_CRON,
    [
      backfillIdentifiersTask,
      deliverDueSongsTask,
      requeueStalledDistributionsTask,
      sweepOrphanMediaTask,
      removeUnpaidSongsTask,
      purgeSessionsTask,
      purgeProviderStateTask,
      reconcileStripeTask,
      requeueStuckTextsTask,
      sealAuditLogTask,
    ],
  ],
]);

export async function runScheduled(controller: ScheduledController, env: Env): Promise<{ ran: number }> {
  const tasks = tasksBySchedule.get(controller.cron);
  if (!tasks) throw new Error(`No tasks are registered for the schedule "${controller.cron}"`);
  return runTasks(tasks, contextFor(env), new Date(controller.scheduledTime));
}

/**
 * Runs every task, each on its own: one that fails is logged and the others still run (a Stripe outage
 * must not stop deliveries). Afterwards the run fails, naming the tasks that failed, so Cloudflare's
 * cron history shows it; each task picks up its own unfinished work at the next run.
 */
export async function runTasks(tasks: readonly ScheduledTask[], ctx: Ctx, scheduledTime: Date): Promise<{ ran: number }> {
  const failed: Array<{ task: string; error: unknown }> = [];
  for (const task of tasks) {
    try {
      await task(ctx, scheduledTime);
    } catch (error) {
      failed.push({ task: task.name || "(unnamed task)", error });
      console.error(
        JSON.stringify({
          level: "error",
          event: "scheduled_task_failed",
          task: task.name,
          scheduledTime: scheduledTime.toISOString(),
          ...loggableError(error),
        }),
      );
    }
  }
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map(({ error }) => error),
      `Scheduled tasks failed (the others ran): ${failed.map(({ task }) => task).join(", ")}`,
    );
  }
  return { ran: tasks.length };
}
