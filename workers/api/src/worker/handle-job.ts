/**
 * The JOBS queue consumer: a switch on the message type, acknowledged one message at a time. Every
 * job is idempotent, because a queue may deliver a message twice; a message that keeps failing is
 * retried with back-off and then lands in the dead-letter queue. A batch builds one context
 * (platform/context.ts) and runs each of its jobs with it. A batch's `payouts.artist` jobs are paid
 * together (ledger/payout-batch.ts, docs/decisions/076-payouts-batch-wide.md), each message still
 * acknowledged or retried on its own artist's outcome.
 */
import { contextFor, stripeReady, type Ctx } from "../platform/context";
import type { Job } from "../platform/job";
import { deliverDistribution, processDistribution } from "../distribution/index";
import { chargeRetryItem } from "../payments/index";
import { runPayoutPage, payArtist, payArtists, payCollaborator, runCollaboratorPayoutPage } from "../ledger/index";
import { sendText, sendTexts } from "../texts/index";
import { sendRefund } from "../refunds/index";
import { refreshFacilityHolds, rescreenAfterListChange, transcribeSong } from "../compliance/index";
import { loggableError } from "../platform/loggable-error";

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
    case "payouts.collaborator_page":
      await runCollaboratorPayoutPage(ctx, job.period, job.cursor);
      return;
    case "payouts.collaborator":
      await payCollaborator(stripeReady(ctx), job.payeeId, job.period);
      return;
    case "text.send":
      await sendText(ctx, job.messageId);
      return;
    case "texts.send":
      await sendTexts(ctx, job.messageIds);
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

type ArtistMessage = Message<Extract<Job, { type: "payouts.artist" }>>;

function retryLater(queue: string, message: Message<Job>, error: unknown): void {
  console.error(JSON.stringify({ level: "error", queue, messageId: message.id, attempts: message.attempts, ...loggableError(error) }));
  message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
}

/** The batch's artist jobs, paid together per period; each message settles on its own artist's result. */
async function payArtistMessages(ctx: Ctx, queue: string, messages: ArtistMessage[]): Promise<void> {
  const periods = new Map<string, ArtistMessage[]>();
  for (const message of messages) periods.set(message.body.period, [...(periods.get(message.body.period) ?? []), message]);
  for (const [period, group] of periods) {
    let results: Awaited<ReturnType<typeof payArtists>>;
    try {
      results = await payArtists(
        stripeReady(ctx),
        period,
        group.map((message) => message.body.artistId),
      );
    } catch (error) {
      for (const message of group) retryLater(queue, message, error);
      continue;
    }
    for (const message of group) {
      const result = results.get(message.body.artistId);
      if (result?.ok) message.ack();
      else retryLater(queue, message, result ? result.error : new Error("no result for the artist"));
    }
  }
}

export async function handleJobBatch(batch: MessageBatch<Job>, env: Env): Promise<void> {
  const ctx = contextFor(env);
  const artistMessages: ArtistMessage[] = [];
  for (const message of batch.messages) {
    if (message.body.type === "payouts.artist") {
      artistMessages.push(message as ArtistMessage);
      continue;
    }
    try {
      await runJob(message.body, ctx);
      message.ack();
    } catch (error) {
      retryLater(batch.queue, message, error);
    }
  }
  if (artistMessages.length > 0) await payArtistMessages(ctx, batch.queue, artistMessages);
}
