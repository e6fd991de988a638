/**
 * The JOBS queue consumer: a switch on the message type, acknowledged one message at a time. Every
 * job is idempotent, because a queue may deliver a message twice; a message that keeps failing is
 * retried with back-off and then lands in the dead-letter queue. A batch builds one context
 * (platform/context.ts) and runs each of its jobs with it.
 */
import { contextFor, stripeReady, type Ctx } from "../platform/context";
import type { Job } from "../platform/job";
import { deliverDistribution, processDistribution } from "../distribution/index";
import { chargeRetryItem } from "../payments/index";
import { runPayoutPage, payArtist } from "../ledger/index";
import { sendText } from "../texts/index";
import { sendRefund } from "../refunds/index";
import { refreshFacilityHolds, rescreenAfterListChange, transcribeSong } from "../compliance/index";

const RETRY_DELAY_SECONDS = 30;

export async function runJob(job: Job, ctx: Ctx): Promise<void> {
  switch (job.type) {
    case "media.delete":
      // Deleting a missing key succeeds, so a second delivery changes nothing.
      await ctx.media.delete(job.keys);
      return;
    case "distribution.process":
      // The distribution pipeline (audio check, delivery schedule) consumes this; see process-distribution.ts.
      await processDistribution(ctx, job.songId);
      return;
    case "distribution.deliver":
      await deliverDistribution(ctx, job.songId);
      return;
    case "admin.charge":
      await chargeRetryItem(ctx, job.itemId);
      return;
    case "payouts.page":
      await runPayoutPage(ctx, job);
      return;
    case "payouts.artist":
      await payArtist(stripeReady(ctx), job.artistId, job.period);
      return;
    case "text.send":
      await sendText(ctx, job.messageId);
      return;
    case "refund.send":
      await sendRefund(stripeReady(ctx), job.refundId);
      return;
    case "compliance.rescreen":
      await rescreenAfterListChange(ctx, job);
      return;
    case "compliance.transcribe":
      await transcribeSong(ctx, job.songId);
      return;
    case "compliance.facility":
      await refreshFacilityHolds(ctx, job.facilityId);
      return;
    default: {
      const unknownJob: never = job;
      throw new Error(`Unknown job type: ${String((unknownJob as { type?: unknown }).type)}`);
    }
  }
}

export async function handleJobBatch(batch: MessageBatch<Job>, env: Env): Promise<void> {
  const ctx = contextFor(env);
  for (const message of batch.messages) {
    try {
      await runJob(message.body, ctx);
      message.ack();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", queue: batch.queue, messageId: message.id, attempts: message.attempts, error: String(error) }));
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }
}
