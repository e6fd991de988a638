/**
 * Stripe events, each taking effect once (docs/architecture.md, Async work is idempotent). An event is recorded only after
 * it was applied, so a Worker stopped in between leaves it unrecorded and Stripe's redelivery applies
 * it again; handlers are idempotent (a payment pays its song once, a failure never undoes a success,
 * an attempt is counted per charge) and only move state forward, so applying twice, late or out of
 * order changes nothing more. Other event types are recorded and acknowledged. Events on connected
 * accounts (`account.updated`) never come here: Stripe sends them to the Connect endpoint
 * (payments/routes/webhooks/stripe-connect.ts).
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents } from "@jplay/schema/tables";
import type { Db } from "../platform/db";
import type { PaymentDeps } from "./close-open-payment";
import { onPaymentIntentFailed, onPaymentIntentSucceeded } from "./payment-events";
import { onInvoicePaid, syncSubscriptionFromEvent } from "./pro-subscription";
import { onRefundEvent } from "../refunds/index";
import { onSetupIntentFailed } from "./setup-intent-failures";

/** True when the event was applied and recorded before: its redelivery is acknowledged without work. */
export async function stripeEventApplied(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return rows.length === 1;
}

/** Marks an event applied; call only once its handler has finished. */
export async function recordStripeEvent(db: Db, event: Stripe.Event): Promise<void> {
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
}

/** What handlers may use besides the database: the job queue and the Stripe client. */
export type StripeEventDeps = PaymentDeps;

type EventHandler = (db: Db, event: Stripe.Event, deps: StripeEventDeps) => Promise<unknown>;

/** Event types the product acts on. Everything else is recorded and acknowledged. */
const handlers: Partial<Record<Stripe.Event.Type, EventHandler>> = {
  "payment_intent.succeeded": (_db, event, deps) => onPaymentIntentSucceeded(deps, event.data.object as Stripe.PaymentIntent),
  "payment_intent.payment_failed": (_db, event, deps) => onPaymentIntentFailed(deps, event.data.object as Stripe.PaymentIntent),
  // Pro is on only while Stripe says the subscription is active (invoice paid); failures and cancellation turn it off.
  "invoice.paid": (_db, event, deps) => onInvoicePaid(deps, event),
  "invoice.payment_failed": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "customer.subscription.created": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "customer.subscription.updated": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  "customer.subscription.deleted": (_db, event, deps) => syncSubscriptionFromEvent(deps, event),
  // A rejected song's refund: its status at Stripe, including a failure after it succeeded (docs/decisions/025).
  "refund.updated": (db, event) => onRefundEvent({ db }, event.data.object as Stripe.Refund),
  "charge.refund.updated": (db, event) => onRefundEvent({ db }, event.data.object as Stripe.Refund),
  "refund.failed": (db, event) => onRefundEvent({ db }, event.data.object as Stripe.Refund),
  // Card testing: a SetupIntent that keeps failing is canceled.
  "setup_intent.setup_failed": async (db, event, deps) => {
    await onSetupIntentFailed({ db, stripe: deps.stripe }, event.id, event.data.object as Stripe.SetupIntent);
  },
};

/** The platform event types the product acts on: what reconciliation lists (payments/jobs/reconcile-stripe.ts). */
export const APPLIED_EVENT_TYPES = Object.keys(handlers) as Stripe.Event.Type[];

export async function applyStripeEvent(db: Db, event: Stripe.Event, deps: StripeEventDeps): Promise<void> {
  await handlers[event.type]?.(db, event, deps);
}
