/**
 * Charges a saved card for a payment row that has already been claimed, under the card-network rules
 * (services/card-rules.ts) and exactly once: the Stripe idempotency key is the payment row's id, and
 * the card attempt it spends is keyed by the payment too, so retrying the same payment (a redelivered
 * job, a timeout, a repeated request) never charges or counts twice. Every server-side charge —
 * `complete`, recovery offers, admin retries and initial charges — goes through here.
 */
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { cardAttempts, payments } from "@jplay/schema/tables";
import type { Db } from "../db";
import { type CardRefusal, claimCardAttempt, isHardDecline, recordCardAttemptOutcome } from "./card-rules";
import { recordFailedPayment } from "./apply-payment";

export interface SavedCardCharge {
  /** The claimed payments row (status `claimed`); its id is the idempotency key. */
  paymentId: string;
  stripeCustomerId: string;
  stripePaymentMethodId: string;
  /** The card's fingerprint; the payment method id stands in when Stripe gave none. */
  fingerprint: string | null;
  amountCents: number;
  /**
   * True when the artist is not at the screen (admin retries, initial charges): Stripe then answers
   * `authentication_required` instead of asking for 3-D Secure.
   */
  offSession: boolean;
  description: string;
  metadata?: Record<string, string>;
}

export type ChargeOutcome =
  | { kind: "succeeded"; paymentIntentId: string }
  /** 3-D Secure: the artist confirms `clientSecret` in the browser; a webhook tells the result. */
  | { kind: "requires_action"; paymentIntentId: string; clientSecret: string }
  | { kind: "declined"; paymentIntentId: string | null; code: string; declineCode: string | null; message: string; hard: boolean }
  /** Not sent to Stripe at all: the card-network rules forbid another attempt on this card. */
  | { kind: "refused"; refusal: CardRefusal };

const attemptIdOf = (paymentId: string) => `payment:${paymentId}`;

/** Spends the payment's one card attempt, or finds the one an earlier try of this payment spent. */
async function attemptFor(db: Db, charge: SavedCardCharge, fingerprint: string) {
  const attemptId = attemptIdOf(charge.paymentId);
  const [existing] = await db.select({ id: cardAttempts.id }).from(cardAttempts).where(eq(cardAttempts.id, attemptId)).limit(1);
  if (existing) return { attemptId };
  const claimed = await claimCardAttempt(db, fingerprint, charge.paymentId, Date.now(), attemptId);
  return claimed;
}

export async function chargeSavedCard(stripe: Stripe, db: Db, charge: SavedCardCharge): Promise<ChargeOutcome> {
  const fingerprint = charge.fingerprint ?? charge.stripePaymentMethodId;
  const attempt = await attemptFor(db, charge, fingerprint);
  if ("refused" in attempt) {
    await recordFailedPayment(db, charge.paymentId, { code: attempt.refused.reason, message: attempt.refused.message, status: "skipped" });
    return { kind: "refused", refusal: attempt.refused };
  }

  await db.run(sql`update payments set status = 'processing', card_fingerprint = ${fingerprint}, updated_at = ${Date.now()}
    where id = ${charge.paymentId} and status in ('claimed', 'processing')`);

  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency: "usd",
        customer: charge.stripeCustomerId,
        payment_method: charge.stripePaymentMethodId,
        // Cards only, and never a redirect: there is nobody to send one to off-session.
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        confirm: true,
        off_session: charge.offSession,
        description: charge.description,
        metadata: { paymentId: charge.paymentId, ...charge.metadata },
      },
      { idempotencyKey: `payment:${charge.paymentId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const declineCode = error.decline_code ?? error.code ?? null;
      const paymentIntentId = (error.payment_intent as { id?: string } | undefined)?.id ?? null;
      const code = error.code ?? "card_declined";
      await recordCardAttemptOutcome(db, attempt.attemptId, "declined", declineCode);
      if (paymentIntentId) {
        await db.run(sql`update payments set stripe_payment_intent_id = coalesce(stripe_payment_intent_id, ${paymentIntentId}) where id = ${charge.paymentId}`);
      }
      await recordFailedPayment(db, charge.paymentId, { code, declineCode, message: error.message });
      return { kind: "declined", paymentIntentId, code, declineCode, message: error.message, hard: isHardDecline(declineCode) };
    }
    // Stripe failed or timed out: the charge may or may not exist. The payment stays `processing`;
    // trying this payment again replays the same idempotency key, and the webhook settles it.
    await recordCardAttemptOutcome(db, attempt.attemptId, "error");
    throw error;
  }

  await db
    .update(payments)
    .set({ stripePaymentIntentId: intent.id, updatedAt: Date.now() })
    .where(eq(payments.id, charge.paymentId));
  if (intent.status === "succeeded") {
    await recordCardAttemptOutcome(db, attempt.attemptId, "succeeded");
    return { kind: "succeeded", paymentIntentId: intent.id };
  }
  if (intent.status === "requires_action" && intent.client_secret) {
    await recordCardAttemptOutcome(db, attempt.attemptId, "requires_action");
    await db.run(sql`update payments set status = 'requires_action' where id = ${charge.paymentId} and status = 'processing'`);
    return { kind: "requires_action", paymentIntentId: intent.id, clientSecret: intent.client_secret };
  }
  // Any other state (e.g. `processing` for slow methods) is settled by the webhook.
  return { kind: "declined", paymentIntentId: intent.id, code: intent.status, declineCode: null, message: `Payment is ${intent.status}`, hard: false };
}
