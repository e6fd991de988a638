/**
 * The `refund.send` job: asks Stripe for the refund of one refund row, once however often it runs
 * (docs/decisions/025-refunds-of-rejected-songs.md). It first looks for a refund an earlier run made
 * (Stripe's refunds of the payment's PaymentIntent, ours named by `metadata.refundId`), so a lost
 * answer or a crash after Stripe's call is recorded, not repeated. Only when there is none does it
 * create one, with the idempotency key `refund:<row id>` (`:attempt:<n>` after a 500 spent the key,
 * docs/decisions/022). After an operator retried a failed refund, the row stands for a new Stripe
 * refund: `refund:<row id>:retry:<n>`, found again by `metadata.retry`. Stripe also refuses a second
 * full refund (`charge_already_refunded`): then the refund someone made outside JPlay (one that did
 * not fail) is recorded as this one.
 */
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { payments, refunds } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { applyRefundStatus, recordStripeRefund } from "./refund-status";
import { retryOfStripeRefund } from "./refund-row";
import { keyForAttempt, spentOnServerError } from "../platform/stripe-lookup";
import { runBatch } from "../platform/db";
import { coveredByChargebackCause } from "./refund-rejected-song";

/** A spent key is followed by the next one after this long (Stripe may be down for a while). */
const NEXT_KEY_DELAY_SECONDS = 30;

export const refundIdempotencyKey = (refundId: string, keyAttempt: number, retries = 0) =>
  keyForAttempt(retries === 0 ? `refund:${refundId}` : `refund:${refundId}:retry:${retries}`, keyAttempt);

export type SendRefundOutcome = "sent" | "found" | "already_recorded" | "refused" | "next_key" | "no_refund" | "covered_by_chargeback";

/**
 * A refund Stripe refuses because the charge was charged back: the money already went back, so no
 * refund is owed and none is shown as failed. The pending row (no Stripe refund, no ledger) goes, and
 * the artist's history says why; a dispute row (docs/decisions/093-disputes.md) keeps the rejection
 * from writing it again.
 */
async function coveredByChargeback(ctx: Ctx, row: { id: string; songId: string | null }): Promise<void> {
  await runBatch(ctx.db, [
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, at)
      select ${crypto.randomUUID()}, song_id, 'rejected', 'rejected', ${coveredByChargebackCause}, ${ctx.now()}
      from refunds where id = ${row.id} and song_id is not null and status = 'pending' and stripe_refund_id is null`,
    sql`delete from refunds where id = ${row.id} and status = 'pending' and stripe_refund_id is null`,
  ]);
}

/** Refunds of the PaymentIntent: ours by metadata, else (for `charge_already_refunded`) any. */
async function refundsOf(stripe: Stripe, paymentIntentId: string): Promise<Stripe.Refund[]> {
  return (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })).data;
}

export async function sendRefund(ctx: Ctx, refundId: string): Promise<SendRefundOutcome> {
  const { db, stripe } = ctx;
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!row) return "no_refund";
  if (row.stripeRefundId || row.status !== "pending") return "already_recorded";
  const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId)).limit(1);
  if (!payment?.stripePaymentIntentId) {
    await applyRefundStatus(ctx, row, "failed", "no_payment_at_stripe");
    return "refused";
  }
  const intentId = payment.stripePaymentIntentId;
  const record = (refund: Stripe.Refund) => recordStripeRefund(ctx, row, refund);

  const earlier = (await refundsOf(stripe, intentId)).find((refund) => refund.metadata?.refundId === row.id && retryOfStripeRefund(refund) === row.retries);
  if (earlier) {
    await record(earlier);
    return "found";
  }
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: intentId,
        amount: row.amountCents,
        metadata: { refundId: row.id, paymentId: row.paymentId, songId: row.songId ?? "", retry: String(row.retries) },
      },
      { idempotencyKey: refundIdempotencyKey(row.id, row.stripeKeyAttempt, row.retries) },
    );
    await record(refund);
    return "sent";
  } catch (error) {
    if (spentOnServerError(error)) {
      // Stripe replays this 500 for a day: the row counts the spent key, the next run looks first, then uses the next key.
      await db
        .update(refunds)
        .set({ stripeKeyAttempt: row.stripeKeyAttempt + 1 })
        .where(and(eq(refunds.id, row.id), eq(refunds.stripeKeyAttempt, row.stripeKeyAttempt)));
      await ctx.jobs.send({ type: "refund.send", refundId: row.id }, { delaySeconds: NEXT_KEY_DELAY_SECONDS });
      return "next_key";
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") {
      const madeElsewhere = (await refundsOf(stripe, intentId)).find((refund) => refund.status !== "failed" && refund.status !== "canceled");
      if (madeElsewhere) {
        await record(madeElsewhere);
        return "found";
      }
    }
    // The cardholder's bank already took the money back (a chargeback): the refund is covered, not failed.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_disputed") {
      await coveredByChargeback(ctx, row);
      return "covered_by_chargeback";
    }
    // Any other refusal is final (operators see it); network errors, 429s and 409s are retried by the queue.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await applyRefundStatus(ctx, row, "failed", error.code ?? "refused_by_stripe");
      return "refused";
    }
    throw error;
  }
}
