/**
 * A PaymentIntent without a payment method, for a claimed payment row: the artist pays it in the
 * browser's card form (a new card, or 3-D Secure on the saved one). The amount is the row's, which
 * the server decided; the idempotency key and `metadata.paymentId` come from the row, so a retry
 * creates no second intent and the webhook finds the payment again.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db";
import type { PaymentRow } from "./song-payments";

export async function createCardFormIntent(stripe: Stripe, db: Db, payment: PaymentRow, stripeCustomerId: string | null, description: string): Promise<string> {
  const intent = await stripe.paymentIntents.create(
    {
      amount: payment.amountCents,
      currency: "usd",
      ...(stripeCustomerId ? { customer: stripeCustomerId } : {}),
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      description,
      metadata: { paymentId: payment.id, ...(payment.songId ? { songId: payment.songId } : {}) },
    },
    { idempotencyKey: `payment:${payment.id}:card-form` },
  );
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
  await db.run(sql`update payments set stripe_payment_intent_id = ${intent.id}, status = 'requires_payment_method', updated_at = ${Date.now()}
    where id = ${payment.id} and status in ('claimed', 'processing', 'skipped')`);
  return intent.client_secret;
}
