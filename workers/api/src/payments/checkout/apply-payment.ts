/**
 * What a paid song becomes, written once: every path that learns a payment succeeded (the
 * `complete` answer, the browser's confirmation, a webhook, an admin retry) calls this, and only the
 * first call changes anything. The payment is recorded as succeeded; its song becomes `approved`
 * with the package, fee and revenue split the payment bought; the transition is recorded; the money
 * is posted in the ledger (`POSTINGS.payment`, in the same batch); and the song's distribution job is
 * queued.
 */
import { eq, sql } from "drizzle-orm";
import { POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import { PACKAGES } from "@jplay/schema/pricing";
import { payments } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { textPaymentOutcome } from "../../texts/index";

/**
 * Marks the payment succeeded and pays its song. Returns true when this call made the change, false
 * when an earlier call already had (answer and webhook race; queues redeliver).
 */
export async function applySucceededPayment(ctx: Ctx, paymentId: string, cause: string, stripePaymentIntentId?: string, now = Date.now()): Promise<boolean> {
  const { db } = ctx;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw new Error(`No payment ${paymentId}`);
  if (payment.status === "succeeded") return false;

  const songPackage = payment.package;
  const split = songPackage ? PACKAGES[songPackage].revenueSplitBps : null;
  const [paid] = await runBatch(db, [
    sql`
      update payments set status = 'succeeded', updated_at = ${now},
        stripe_payment_intent_id = coalesce(stripe_payment_intent_id, ${stripePaymentIntentId ?? null}),
        failure_code = null, decline_code = null, failure_message = null
      where id = ${paymentId} and status != 'succeeded'`,
    // Only a pending song moves: a song paid before keeps the package it first bought.
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, at)
      select ${crypto.randomUUID()}, s.id, s.status, 'approved', ${cause}, ${now}
      from songs s where s.id = ${payment.songId} and s.status = 'pending' and ${songPackage} is not null`,
    sql`
      update songs set status = 'approved', package = ${songPackage}, distribution_fee_cents = ${payment.amountCents},
        revenue_split_bps = ${split}, paid_at = ${now}
      where id = ${payment.songId} and status = 'pending' and ${songPackage} is not null`,
    // The charge in the ledger, once by its payment ((kind, ref) is unique). A Pro song's $0 charges nothing.
    ...(payment.amountCents > 0 ? postingStatements([POSTINGS.payment(payment)], now).statements : []),
  ]);
  const appliedNow = paid.meta.changes === 1;
  if (appliedNow && payment.songId) await ctx.jobs.send({ type: "distribution.process", songId: payment.songId });
  if (appliedNow) await textPaymentOutcome(ctx, paymentId, "succeeded");
  return appliedNow;
}

/** Records a payment's failure (decline, error) unless it has already succeeded. */
export async function recordFailedPayment(
  ctx: Ctx,
  paymentId: string,
  failure: { code?: string | null; declineCode?: string | null; message?: string | null; status?: "failed" | "skipped" },
  now = Date.now(),
): Promise<void> {
  await ctx.db.run(sql`
    update payments set status = ${failure.status ?? "failed"}, updated_at = ${now},
      failure_code = ${failure.code ?? null}, decline_code = ${failure.declineCode ?? null}, failure_message = ${failure.message ?? null}
    where id = ${paymentId} and status != 'succeeded'`);
}
