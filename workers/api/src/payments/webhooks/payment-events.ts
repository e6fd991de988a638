/**
 * What Stripe's PaymentIntent events change (webhooks): the browser confirms card forms and 3-D
 * Secure challenges with Stripe directly, so the server learns their result here. A success pays
 * the song through applySucceededPayment (once, whichever of answer and webhook comes first) when
 * the intent agrees with the payment row it names (payments/checkout/payment-agreement.ts), never otherwise; a
 * failure is recorded without undoing a success; and every browser-side attempt on a card counts
 * against that card's budget, a hard decline blocking it (payments/cards/card-rules.ts).
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Ctx } from "../../platform/context";
import { applySucceededPayment } from "../checkout/apply-payment";
import { textPaymentOutcome } from "../../texts/index";
import { recordObservedCardAttempt } from "../cards/card-rules";
import { intentAgreesWithPayment } from "../checkout/payment-agreement";
import { type PaymentRow, paymentById, paymentByIntent } from "../checkout/song-payments";

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** Our payment for an intent: by the id in its metadata (every intent we create has one), else by intent id. */
async function paymentOf(ctx: Ctx, intent: Stripe.PaymentIntent): Promise<PaymentRow | undefined> {
  const byMetadata = intent.metadata?.paymentId ? await paymentById(ctx, intent.metadata.paymentId) : undefined;
  if (byMetadata && (byMetadata.stripePaymentIntentId === null || byMetadata.stripePaymentIntentId === intent.id)) return byMetadata;
  return paymentByIntent(ctx, intent.id);
}

/**
 * Counts a charge attempt the browser made. The server's own charge already spent an attempt
 * (`payment:{id}`, payments/cards/charge-saved-card.ts): a 3-D Secure one is settled here, any other is not counted twice.
 */
async function recordBrowserAttempt(
  ctx: Ctx,
  payment: PaymentRow,
  attempt: { chargeId: string | null; fingerprint: string | null | undefined; outcome: "succeeded" | "declined"; declineCode: string | null },
): Promise<void> {
  const { db } = ctx;
  if (!attempt.fingerprint) return;
  const serverAttemptId = `payment:${payment.id}`;
  const serverAttempt = await db.run(sql`select outcome from card_attempts where id = ${serverAttemptId} and fingerprint = ${attempt.fingerprint}`);
  const row = serverAttempt.results[0] as { outcome: string } | undefined;
  if (row) {
    if (row.outcome === "requires_action") {
      await db.run(sql`update card_attempts set outcome = ${attempt.outcome}, decline_code = ${attempt.declineCode}
        where id = ${serverAttemptId} and outcome = 'requires_action'`);
    }
    return;
  }
  if (attempt.chargeId) await recordObservedCardAttempt(ctx, attempt.chargeId, attempt.fingerprint, payment.id, attempt.outcome, attempt.declineCode);
}

export async function onPaymentIntentSucceeded(ctx: Ctx, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await paymentOf(ctx, intent);
  if (!payment) return; // not ours (e.g. a subscription invoice's intent)
  if (!(await intentAgreesWithPayment(ctx, payment, intent, "webhook: payment_intent.succeeded"))) return;
  await applySucceededPayment(ctx, payment.id, "webhook: payment_intent.succeeded", intent.id);
  const chargeId = idOf(intent.latest_charge);
  if (chargeId) {
    const charge = await ctx.stripe.charges.retrieve(chargeId);
    await recordBrowserAttempt(ctx, payment, {
      chargeId,
      fingerprint: charge.payment_method_details?.card?.fingerprint,
      outcome: "succeeded",
      declineCode: null,
    });
  }
}

export async function onPaymentIntentFailed(ctx: Ctx, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await paymentOf(ctx, intent);
  if (!payment) return;
  const error = intent.last_payment_error;
  const declineCode = error?.decline_code ?? (error?.type === "card_error" ? (error.code ?? null) : null);
  // The intent can still be paid with another card: a payment waiting on the browser (or whose
  // server request died mid-charge) stays open, and the next attempt closes it; one already settled
  // is left as it is — a late failure never undoes a success.
  await ctx.db.run(sql`
    update payments set status = 'requires_payment_method', updated_at = ${ctx.now()},
      failure_code = ${error?.code ?? "payment_failed"}, decline_code = ${declineCode}, failure_message = ${error?.message ?? null}
    where id = ${payment.id} and status in ('requires_payment_method', 'requires_action', 'processing')`);
  if (payment.status !== "succeeded") await textPaymentOutcome(ctx, payment.id, "failed");
  const fingerprint = error?.payment_method?.card?.fingerprint;
  await recordBrowserAttempt(ctx, payment, { chargeId: error?.charge ?? null, fingerprint, outcome: "declined", declineCode });
}
