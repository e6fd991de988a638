/**
 * A PaymentIntent without a payment method, for a claimed payment row: the artist pays it in the
 * browser's card form (a new card, or 3-D Secure on the saved one). The amount is the row's, which
 * the server decided; the idempotency key and `metadata.paymentId` come from the row, so a retry
 * creates no second intent and the webhook finds the payment again. After a 500, which Stripe
 * replays for its key, the intent an earlier attempt may have made is looked up before another key
 * is sent (platform/stripe-lookup.ts).
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Ctx } from "../../platform/context";
import type { PaymentRow } from "../checkout/song-payments";
import { type PaidWith, findPaymentIntent, keyForAttempt, spentOnServerError } from "../../platform/stripe-lookup";

async function cardFormIntentOf(ctx: Ctx, payment: PaymentRow, stripeCustomerId: string | null, description: string): Promise<Stripe.PaymentIntent> {
  const { db, stripe } = ctx;
  const attempt = payment.stripeKeyAttempt;
  const earlier = attempt > 0 ? await findPaymentIntent(stripe, payment, stripeCustomerId, "card_form") : null;
  if (earlier) return earlier;
  try {
    return await stripe.paymentIntents.create(
      {
        amount: payment.amountCents,
        currency: "usd",
        ...(stripeCustomerId ? { customer: stripeCustomerId } : {}),
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        description,
        metadata: { paymentId: payment.id, paidWith: "card_form" satisfies PaidWith, ...(payment.songId ? { songId: payment.songId } : {}) },
      },
      { idempotencyKey: keyForAttempt(`payment:${payment.id}:card-form`, attempt) },
    );
  } catch (error) {
    if (spentOnServerError(error)) {
      await db.run(sql`update payments set stripe_key_attempt = ${attempt + 1} where id = ${payment.id} and stripe_key_attempt = ${attempt}`);
    }
    throw error;
  }
}

export async function createCardFormIntent(ctx: Ctx, payment: PaymentRow, stripeCustomerId: string | null, description: string): Promise<string> {
  const intent = await cardFormIntentOf(ctx, payment, stripeCustomerId, description);
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
  await ctx.db.run(sql`update payments set stripe_payment_intent_id = ${intent.id}, status = 'requires_payment_method', updated_at = ${ctx.now()}
    where id = ${payment.id} and status in ('claimed', 'processing', 'skipped')`);
  return intent.client_secret;
}
