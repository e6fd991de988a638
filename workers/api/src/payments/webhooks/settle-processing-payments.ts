/**
 * Payments whose server-side charge never told us how it ended (docs/decisions/022-finding-out-what-happened-at-stripe.md):
 * a row stays `processing` when Stripe's answer was lost (a timeout, a stopped Worker, a 500) and
 * its webhook may be lost too. The cron asks Stripe about each such row once its own request is
 * surely over: the PaymentIntent by its id, or, when the row never learnt it, by the row's id in the
 * intents' metadata (platform/stripe-lookup.ts). What Stripe says is applied through the webhook's
 * own handlers (payment-events.ts): succeeded pays the song once, a decline is recorded as
 * `payment_intent.payment_failed` records it. A row Stripe has no intent for long after its last try
 * was never charged, and is failed so the artist or operator can try again with a new payment.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { artists, payments } from "@jplay/schema/tables";
import { recordFailedPayment } from "../checkout/apply-payment";
import type { Ctx } from "../../platform/context";
import { onPaymentIntentFailed, onPaymentIntentSucceeded } from "./payment-events";
import { paymentIntentsOf } from "../../platform/stripe-lookup";
import { loggableError } from "../../platform/loggable-error";

/** The charge's own request (20 s timeout, two SDK retries) is over by then; before, it may still land. */
export const SETTLE_AFTER_MS = 2 * 60 * 1000;
/** With no intent at Stripe this long after the row's last try, nothing was charged. */
export const NOT_CHARGED_AFTER_MS = 30 * 60 * 1000;
export const PAYMENTS_PER_RUN = 50;

export interface SettleReport {
  checked: number;
  paid: number;
  declined: number;
  notCharged: number;
}

/** Of the intents made for one payment, the one that says most: a success, then a pending answer. */
const RANK: Partial<Record<Stripe.PaymentIntent.Status, number>> = { succeeded: 0, requires_action: 1, processing: 2, requires_payment_method: 3 };
const mostTelling = (intents: Stripe.PaymentIntent[]) => [...intents].sort((a, b) => (RANK[a.status] ?? 9) - (RANK[b.status] ?? 9))[0] ?? null;

/** The server's own card attempt for the payment (payments/cards/charge-saved-card.ts), settled with Stripe's answer. */
async function settleServerAttempt(ctx: Ctx, paymentId: string, outcome: "succeeded" | "declined" | "requires_action", declineCode: string | null) {
  await ctx.db.run(sql`update card_attempts set outcome = ${outcome}, decline_code = ${declineCode}
    where id = ${`payment:${paymentId}`} and outcome in ('pending', 'error')`);
}

export async function settleProcessingPayments(ctx: Ctx, now = ctx.now()): Promise<SettleReport> {
  const { db, stripe } = ctx;
  const rows = await db
    .select({ payment: payments, customerId: artists.stripeCustomerId })
    .from(payments)
    .innerJoin(artists, eq(artists.id, payments.artistId))
    .where(and(eq(payments.status, "processing"), lte(payments.updatedAt, now - SETTLE_AFTER_MS)))
    .orderBy(asc(payments.updatedAt))
    .limit(PAYMENTS_PER_RUN);

  const report: SettleReport = { checked: rows.length, paid: 0, declined: 0, notCharged: 0 };
  for (const { payment, customerId } of rows) {
    try {
      const intent = payment.stripePaymentIntentId
        ? await stripe.paymentIntents.retrieve(payment.stripePaymentIntentId)
        : mostTelling(await paymentIntentsOf(stripe, payment, customerId));
      if (!intent) {
        if (now - payment.updatedAt < NOT_CHARGED_AFTER_MS) continue;
        await recordFailedPayment(ctx, payment.id, { code: "not_charged", message: "Stripe made no charge for this payment; it can be tried again." });
        report.notCharged++;
        continue;
      }
      await db.run(sql`update payments set stripe_payment_intent_id = ${intent.id} where id = ${payment.id} and stripe_payment_intent_id is null`);
      switch (intent.status) {
        case "succeeded":
          await onPaymentIntentSucceeded(ctx, intent);
          await settleServerAttempt(ctx, payment.id, "succeeded", null);
          report.paid++;
          break;
        case "requires_payment_method":
          if (!intent.last_payment_error) break; // never tried (a card form): nothing to settle
          await onPaymentIntentFailed(ctx, intent);
          await settleServerAttempt(ctx, payment.id, "declined", intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? null);
          report.declined++;
          break;
        case "requires_action":
          await db.run(sql`update payments set status = 'requires_action', updated_at = ${now} where id = ${payment.id} and status = 'processing'`);
          await settleServerAttempt(ctx, payment.id, "requires_action", null);
          break;
        case "canceled":
          await recordFailedPayment(ctx, payment.id, { code: "canceled", message: "The payment was canceled." });
          report.declined++;
          break;
        default:
          break; // still running at Stripe: its webhook, or a later run, settles it
      }
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "reconciliation: payment not settled", paymentId: payment.id, ...loggableError(error) }));
    }
  }
  return report;
}
