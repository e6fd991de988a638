/**
 * The cron's repairs after a Worker stopped mid-request (DELIVERY_CRON in run-scheduled.ts): objects
 * of an upload that never wrote its song row are deleted after a grace period, and the Stripe
 * sandbox retries webhook events whose delivery died with the process, as Stripe retries them.
 * The schedule's time is taken as "now".
 */
import { createDb } from "../db";
import { sandboxEnabled } from "../payments/sandbox/sandbox-app";
import { retryPendingEvents } from "../payments/sandbox/webhooks";
import { usesSandbox } from "../payments/stripe-client";
import { orphanGraceMs, sweepOrphanMedia } from "../services/media-janitor";

export async function sweepOrphanMediaTask(env: Env, scheduledTime: Date): Promise<void> {
  const report = await sweepOrphanMedia({ db: createDb(env.DB), media: env.MEDIA }, { graceMs: orphanGraceMs(env), now: scheduledTime.getTime() });
  if (report.deleted.length > 0 || report.unfinished) {
    console.log(JSON.stringify({ level: report.unfinished ? "warn" : "info", task: "media.sweep-orphans", deleted: report.deleted.length, unfinished: report.unfinished }));
  }
}

/** Only the sandbox needs this: real Stripe retries its own webhooks. */
export async function retrySandboxWebhooksTask(env: Env, scheduledTime: Date): Promise<void> {
  if (!usesSandbox(env) || !sandboxEnabled(env)) return;
  const report = await retryPendingEvents(env, scheduledTime.getTime());
  if (report.delivered + report.failed > 0) console.log(JSON.stringify({ level: "info", task: "sandbox.retry-webhooks", ...report }));
}
