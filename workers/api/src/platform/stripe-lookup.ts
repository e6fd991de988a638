/**
 * Finding out what happened at Stripe before trying a request again
 * (docs/decisions/022-finding-out-what-happened-at-stripe.md). Stripe saves the answer of a request
 * that began under its idempotency key, 500s included, and replays it for 24 hours
 * (https://docs.stripe.com/api/idempotent_requests): after a 500 the same key can never say whether
 * the charge was made. So a row counts the keys it spent on a 500 (`stripe_key_attempt`); the next
 * attempt first looks up what the earlier ones made, by the row's id in the object's metadata, and
 * sends a new key — derived from the row and that count, so every retry of one attempt agrees on it —
 * only when nothing was made. Lists are used, not Search: lists read what was just written, search
 * results can lag behind writes (https://docs.stripe.com/search).
 */
import Stripe from "stripe";

/** Stripe answered a server error, which it stores under the key: that key can only replay it now. */
export function spentOnServerError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && typeof error.statusCode === "number" && error.statusCode >= 500;
}

/** The idempotency key of a row's attempt `n`; attempt 0 keeps the row's original key. */
export const keyForAttempt = (base: string, attempt: number): string => (attempt === 0 ? base : `${base}:attempt:${attempt}`);

/** How a PaymentIntent of ours was created, in its metadata: the saved card, or the browser's card form. */
export type PaidWith = "saved_card" | "card_form";

/** Clocks differ a little: intents are looked for from a while before the row was made. */
const CLOCK_SLACK_SECONDS = 10 * 60;
/** A customer makes few intents a day; this bounds a lookup however many there are. */
const MAX_PAGES = 5;

export interface PaymentRef {
  id: string;
  /** When our row was made (epoch ms): no intent for it can be older. */
  createdAt: number;
}

/** Every PaymentIntent made for our payment row (`metadata.paymentId`), newest first. */
export async function paymentIntentsOf(stripe: Stripe, payment: PaymentRef, customerId: string | null): Promise<Stripe.PaymentIntent[]> {
  const found: Stripe.PaymentIntent[] = [];
  const created = { gte: Math.floor(payment.createdAt / 1000) - CLOCK_SLACK_SECONDS };
  let startingAfter: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await stripe.paymentIntents.list({
      ...(customerId ? { customer: customerId } : {}),
      created,
      limit: 100,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    found.push(...listed.data.filter((intent) => intent.metadata?.paymentId === payment.id));
    if (!listed.has_more || listed.data.length === 0) break;
    startingAfter = listed.data[listed.data.length - 1]!.id;
  }
  return found;
}

/** The intent an earlier attempt made for the payment in this way (`paidWith`), if any. */
export async function findPaymentIntent(
  stripe: Stripe,
  payment: PaymentRef,
  customerId: string | null,
  paidWith: PaidWith,
): Promise<Stripe.PaymentIntent | null> {
  return (await paymentIntentsOf(stripe, payment, customerId)).find((intent) => intent.metadata?.paidWith === paidWith) ?? null;
}
