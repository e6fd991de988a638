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
import type { Ctx } from "../../platform/context";
import { onPaymentIntentFailed, onPaymentIntentSucceeded } from "./payment-events";
import { onInvoicePaid, syncSubscriptionFromEvent } from "../pro/pro-subscription";
import { onRenewalActionRequired } from "../pro/renewal-confirmation";
import { onRefundEvent } from "../../refunds/index";
import { onDisputeEvent, onEarlyFraudWarning } from "../disputes/index";
import { onSetupIntentFailed } from "../cards/setup-intent-failures";
import { bookTransferReversals } from "../../ledger/index";
import type { PlatformEventType } from "./webhook-endpoints";

/** True when the event was applied and recorded before: its redelivery is acknowledged without work. */
export async function stripeEventApplied(ctx: Ctx, eventId: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return rows.length === 1;
}

/** Marks an event applied; call only once its handler has finished. */
export async function recordStripeEvent(ctx: Ctx, event: Stripe.Event): Promise<void> {
  await ctx.db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
}

/**
 * A handler gets the context (its database, job queue and Stripe client) and the product's public
 * origin for links it texts (null where none is known).
 */
type EventHandler = (ctx: Ctx, event: Stripe.Event, origin: string | null) => Promise<unknown>;

/**
 * Event types the product acts on, one handler each: the platform endpoint's list
 * (webhook-endpoints.ts), which Stripe's endpoint is subscribed to. Everything else is recorded and
 * acknowledged.
 */
const handlers: Record<PlatformEventType, EventHandler> = {
  "payment_intent.succeeded": (ctx, event) => onPaymentIntentSucceeded(ctx, event.data.object as Stripe.PaymentIntent),
  "payment_intent.payment_failed": (ctx, event) => onPaymentIntentFailed(ctx, event.data.object as Stripe.PaymentIntent),
  // Pro is on only while Stripe says the subscription is active (invoice paid); failures and cancellation turn it off.
  "invoice.paid": (ctx, event) => onInvoicePaid(ctx, event),
  "invoice.payment_failed": (ctx, event) => syncSubscriptionFromEvent(ctx, event),
  // A renewal waiting for the artist's 3-D Secure: the page offers to confirm it and the artist is texted.
  "invoice.payment_action_required": (ctx, event, origin) => onRenewalActionRequired(ctx, event, origin),
  "customer.subscription.created": (ctx, event) => syncSubscriptionFromEvent(ctx, event),
  "customer.subscription.updated": (ctx, event) => syncSubscriptionFromEvent(ctx, event),
  "customer.subscription.deleted": (ctx, event) => syncSubscriptionFromEvent(ctx, event),
  // A rejected song's refund: its status at Stripe, including a failure after it succeeded (docs/decisions/025).
  // A refund made in Stripe's Dashboard is booked as its payment's refund (refunds/refund-made-outside.ts).
  "refund.created": (ctx, event) => onRefundEvent(ctx, event.data.object as Stripe.Refund),
  "refund.updated": (ctx, event) => onRefundEvent(ctx, event.data.object as Stripe.Refund),
  "charge.refund.updated": (ctx, event) => onRefundEvent(ctx, event.data.object as Stripe.Refund),
  "refund.failed": (ctx, event) => onRefundEvent(ctx, event.data.object as Stripe.Refund),
  // A chargeback or inquiry: booked, the song and payouts held or released (payments/disputes/).
  "charge.dispute.created": (ctx, event) => onDisputeEvent(ctx, (event.data.object as Stripe.Dispute).id),
  "charge.dispute.funds_withdrawn": (ctx, event) => onDisputeEvent(ctx, (event.data.object as Stripe.Dispute).id),
  "charge.dispute.updated": (ctx, event) => onDisputeEvent(ctx, (event.data.object as Stripe.Dispute).id),
  "charge.dispute.closed": (ctx, event) => onDisputeEvent(ctx, (event.data.object as Stripe.Dispute).id),
  "charge.dispute.funds_reinstated": (ctx, event) => onDisputeEvent(ctx, (event.data.object as Stripe.Dispute).id),
  // A card the network reported as fraud: never charged off-session again.
  "radar.early_fraud_warning.created": (ctx, event) => onEarlyFraudWarning(ctx, event.data.object as Stripe.Radar.EarlyFraudWarning),
  // Card testing: a SetupIntent that keeps failing is canceled.
  "setup_intent.setup_failed": async (ctx, event) => {
    await onSetupIntentFailed(ctx, event.id, event.data.object as Stripe.SetupIntent);
  },
  // A paid payout's Transfer taken back at Stripe: the money is the artist's again (docs/decisions/094).
  "transfer.reversed": (ctx, event) => bookTransferReversals(ctx, event.data.object as Stripe.Transfer),
};

/** The handled event types, read from the handlers themselves (a test compares them with the endpoint's list). */
export const HANDLED_PLATFORM_EVENT_TYPES = Object.keys(handlers);

const isHandled = (type: string): type is PlatformEventType => Object.hasOwn(handlers, type);

export async function applyStripeEvent(ctx: Ctx, event: Stripe.Event, origin: string | null): Promise<void> {
  if (isHandled(event.type)) await handlers[event.type](ctx, event, origin);
}
