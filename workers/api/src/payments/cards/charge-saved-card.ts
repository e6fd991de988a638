/**
 * Charges a saved card for a payment row that has already been claimed, under the card-network rules
 * (payments/cards/card-rules.ts) and exactly once: the Stripe idempotency key is derived from the payment
 * row's id, and the card attempt it spends is keyed by the payment too, so retrying the same payment
 * (a redelivered job, a timeout, a repeated request) never charges or counts twice. After a 500,
 * which Stripe replays for its key, the next try looks up what that key made before it sends another
 * (platform/stripe-lookup.ts). Every server-side charge — `complete`, recovery offers, admin retries
 * and initial charges — goes through here.
 */
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { cardAttempts, payments } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { type CardRefusal, claimCardAttempt, isHardDecline, recordCardAttemptOutcome } from "./card-rules";
import { recordFailedPayment } from "../checkout/apply-payment";
import { type PaidWith, findPaymentIntent, keyForAttempt, spentOnServerError } from "../../platform/stripe-lookup";

export interface SavedCardCharge {
  /** The claimed payments row (status `claimed`); the idempotency key is derived from its id. */
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
async function attemptFor(ctx: Ctx, charge: SavedCardCharge, fingerprint: string) {
  const attemptId = attemptIdOf(charge.paymentId);
  const [existing] = await ctx.db.select({ id: cardAttempts.id }).from(cardAttempts).where(eq(cardAttempts.id, attemptId)).limit(1);
  if (existing) return { attemptId };
  const claimed = await claimCardAttempt(ctx, fingerprint, charge.paymentId, ctx.now(), attemptId);
  return claimed;
}

/** The payment's row facts a charge needs: when it was made, and how many keys a 500 spent. */
async function keyStateOf(ctx: Ctx, paymentId: string) {
  const [row] = await ctx.db
    .select({ createdAt: payments.createdAt, keyAttempt: payments.stripeKeyAttempt })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) throw new Error(`No payment ${paymentId}`);
  return row;
}

/** Records a decline on the payment and its card attempt. */
async function declined(
  ctx: Ctx,
  charge: SavedCardCharge,
  attemptId: string,
  failure: { code: string; declineCode: string | null; message: string; paymentIntentId: string | null },
): Promise<ChargeOutcome> {
  await recordCardAttemptOutcome(ctx, attemptId, "declined", failure.declineCode);
  if (failure.paymentIntentId) {
    await ctx.db.run(
      sql`update payments set stripe_payment_intent_id = coalesce(stripe_payment_intent_id, ${failure.paymentIntentId}) where id = ${charge.paymentId}`,
    );
  }
  await recordFailedPayment(ctx, charge.paymentId, { code: failure.code, declineCode: failure.declineCode, message: failure.message });
  return { kind: "declined", ...failure, hard: isHardDecline(failure.declineCode) };
}

export async function chargeSavedCard(ctx: Ctx, charge: SavedCardCharge): Promise<ChargeOutcome> {
  const { db, stripe } = ctx;
  const fingerprint = charge.fingerprint ?? charge.stripePaymentMethodId;
  const attempt = await attemptFor(ctx, charge, fingerprint);
  if ("refused" in attempt) {
    await recordFailedPayment(ctx, charge.paymentId, { code: attempt.refused.reason, message: attempt.refused.message, status: "skipped" });
    return { kind: "refused", refusal: attempt.refused };
  }

  await db.run(sql`update payments set status = 'processing', card_fingerprint = ${fingerprint}, updated_at = ${ctx.now()}
    where id = ${charge.paymentId} and status in ('claimed', 'processing')`);

  // An earlier key of this payment was answered 500, which Stripe replays for that key: whether it
  // charged is found out by looking, and only when it made nothing is a new key sent
  // (platform/stripe-lookup.ts).
  const keys = await keyStateOf(ctx, charge.paymentId);
  let intent =
    keys.keyAttempt > 0 ? await findPaymentIntent(stripe, { id: charge.paymentId, createdAt: keys.createdAt }, charge.stripeCustomerId, "saved_card") : null;
  if (!intent) {
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
          metadata: { paymentId: charge.paymentId, paidWith: "saved_card" satisfies PaidWith, ...charge.metadata },
        },
        { idempotencyKey: keyForAttempt(`payment:${charge.paymentId}`, keys.keyAttempt) },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const paymentIntentId = (error.payment_intent as { id?: string } | undefined)?.id ?? null;
        return declined(ctx, charge, attempt.attemptId, {
          code: error.code ?? "card_declined",
          declineCode: error.decline_code ?? error.code ?? null,
          message: error.message,
          paymentIntentId,
        });
      }
      // Stripe failed or timed out: the charge may or may not exist. The payment stays `processing`.
      // After a timeout the same key is sent again (it replays whatever Stripe made of it); after a
      // 500 that key is spent, so the next attempt looks first and then uses the next key. Meanwhile
      // the webhook, or the cron's reconciliation, settles it.
      if (spentOnServerError(error)) {
        await db.run(
          sql`update payments set stripe_key_attempt = ${keys.keyAttempt + 1} where id = ${charge.paymentId} and stripe_key_attempt = ${keys.keyAttempt}`,
        );
      }
      await recordCardAttemptOutcome(ctx, attempt.attemptId, "error");
      throw error;
    }
  }

  if (intent.status === "requires_payment_method" && intent.last_payment_error) {
    // Found after a 500: the earlier attempt was declined.
    const error = intent.last_payment_error;
    return declined(ctx, charge, attempt.attemptId, {
      code: error.code ?? "card_declined",
      declineCode: error.decline_code ?? error.code ?? null,
      message: error.message ?? /*i18n*/ "Your card was declined.",
      paymentIntentId: intent.id,
    });
  }
  await db.update(payments).set({ stripePaymentIntentId: intent.id, updatedAt: ctx.now() }).where(eq(payments.id, charge.paymentId));
  if (intent.status === "succeeded") {
    await recordCardAttemptOutcome(ctx, attempt.attemptId, "succeeded");
    return { kind: "succeeded", paymentIntentId: intent.id };
  }
  if (intent.status === "requires_action" && intent.client_secret) {
    await recordCardAttemptOutcome(ctx, attempt.attemptId, "requires_action");
    await db.run(sql`update payments set status = 'requires_action' where id = ${charge.paymentId} and status = 'processing'`);
    return { kind: "requires_action", paymentIntentId: intent.id, clientSecret: intent.client_secret };
  }
  // Any other state (e.g. `processing` for slow methods) is settled by the webhook.
  return { kind: "declined", paymentIntentId: intent.id, code: intent.status, declineCode: null, message: `Payment is ${intent.status}`, hard: false };
}
