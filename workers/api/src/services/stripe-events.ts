/**
 * Stripe events, each applied at most once (ARCHITECTURE decision 9). Handlers only ever move state
 * forward, so events arriving out of order or late cannot undo newer facts. Payment outcomes are
 * handled here as the payment work lands; other event types are recorded and acknowledged.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents } from "@jplay/schema/tables";
import type { Db } from "../db";
import { applyAccountUpdatedEvent } from "./connect-accounts";
import type { PaymentDeps } from "./close-open-payment";
import { onPaymentIntentFailed, onPaymentIntentSucceeded } from "./payment-events";
import { syncSubscriptionFromEvent } from "./pro-subscription";

/** True when this call claimed the event; false when it was seen before. */
export async function claimStripeEvent(db: Db, event: Stripe.Event): Promise<boolean> {
  const inserted = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length === 1;
}

export async function releaseStripeEvent(db: Db, eventId: string): Promise<void> {
  await db.delete(stripeEvents).where(eq(stripeEvents.id, eventId));
}

/** What handlers may use besides the database: the job queue and the Stripe client. */
export type StripeEventDeps = PaymentDeps;

type EventHandler = (db: Db, event: Stripe.Event, deps: StripeEventDeps) => Promise<void>;

/** Event types the product acts on. Everything else is recorded and acknowledged. */
const handlers: Partial<Record<Stripe.Event.Type, EventHandler>> = {
  "payment_intent.succeeded": (_db, event, deps) => onPaymentIntentSucceeded(deps, event.data.object as Stripe.PaymentIntent),
  "payment_intent.payment_failed": (_db, event, deps) => onPaymentIntentFailed(deps, event.data.object as Stripe.PaymentIntent),
  // Pro is on only while Stripe says the subscription is active (invoice paid); failures and cancellation turn it off.
  "invoice.paid": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "invoice.payment_failed": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "customer.subscription.created": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "customer.subscription.updated": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "customer.subscription.deleted": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  // Connect: whether the artist's account can be paid out to (payouts.ts reads payouts_enabled).
  "account.updated": (db, event, deps) => applyAccountUpdatedEvent(deps.stripe, db, event.data.object as Stripe.Account),
};

export async function applyStripeEvent(db: Db, event: Stripe.Event, deps: StripeEventDeps): Promise<void> {
  await handlers[event.type]?.(db, event, deps);
}
