/**
 * A succeeded PaymentIntent pays a song only when it agrees with the payment row it names: the row's
 * amount in cents, in US dollars, from the row's artist's Stripe customer. Every intent the product
 * creates agrees by construction (the amount, currency and customer come from the row), so a
 * disagreement means a bug or someone creating intents with our key: it is logged and recorded in
 * `payment_mismatches` for an operator (admin), and never applied.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { artists, paymentMismatches } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import type { PaymentRow } from "./song-payments";

/** The only currency the product charges in. */
export const PAYMENT_CURRENCY = "usd";

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** True when the intent may pay `payment`; otherwise the disagreement is recorded (once per payment and intent) and logged. */
export async function intentAgreesWithPayment(ctx: Ctx, payment: PaymentRow, intent: Stripe.PaymentIntent, source: string): Promise<boolean> {
  const { db } = ctx;
  const [artist] = await db.select({ customer: artists.stripeCustomerId }).from(artists).where(eq(artists.id, payment.artistId)).limit(1);
  const expected = { amountCents: payment.amountCents, currency: PAYMENT_CURRENCY, customer: artist?.customer ?? null };
  const received = {
    amountCents: typeof intent.amount_received === "number" && intent.amount_received !== intent.amount ? intent.amount_received : intent.amount,
    currency: typeof intent.currency === "string" ? intent.currency.toLowerCase() : null,
    customer: idOf(intent.customer),
  };
  const agrees =
    intent.amount === expected.amountCents &&
    received.amountCents === expected.amountCents &&
    received.currency === expected.currency &&
    expected.customer !== null &&
    received.customer === expected.customer;
  if (agrees) return true;

  console.warn(JSON.stringify({ level: "warn", event: "payment_mismatch", source, paymentId: payment.id, paymentIntentId: intent.id, expected, received }));
  await db
    .insert(paymentMismatches)
    .values({
      id: crypto.randomUUID(),
      paymentId: payment.id,
      stripePaymentIntentId: intent.id,
      source,
      expectedAmountCents: expected.amountCents,
      receivedAmountCents: Number.isSafeInteger(received.amountCents) ? received.amountCents : null,
      expectedCurrency: expected.currency,
      receivedCurrency: received.currency?.slice(0, 16) ?? null,
      expectedCustomer: expected.customer,
      receivedCustomer: received.customer?.slice(0, 255) ?? null,
    })
    .onConflictDoNothing();
  return false;
}
