/**
 * An event found by listing (`GET /v1/events`) is rendered in the API version that was the account's
 * default when the event was created, not in the version the SDK sends (Stripe's Events API: "each
 * event data is rendered according to Stripe API version at its creation time"). Its body may lack
 * or rename fields the handlers read. So reconciliation never trusts that body: it reads the event's
 * object again through the SDK, in the version the SDK pins, and applies the event with that object.
 * The object read is the current one, not the one at the event's time; every handler is idempotent
 * and only moves state forward (stripe-events.ts), so the latest state is what it needs. It needs
 * only the context's Stripe client, so the real-Stripe suite (workers/stripe-sandbox/test/payment-suite)
 * runs it as it is.
 */
import type Stripe from "stripe";
import { PINNED_API_VERSION, readsAsPinned } from "../../platform/stripe-api-version";

/** The object types of the events reconciliation applies (webhook-endpoints.ts PLATFORM_EVENT_TYPES and `account.updated`). */
type Retrieve = (stripe: Stripe, id: string, options: Stripe.RequestOptions) => Promise<unknown>;
const RETRIEVE = new Map<string, Retrieve>(
  Object.entries({
    payment_intent: (stripe, id, options) => stripe.paymentIntents.retrieve(id, {}, options),
    invoice: (stripe, id, options) => stripe.invoices.retrieve(id, {}, options),
    subscription: (stripe, id, options) => stripe.subscriptions.retrieve(id, {}, options),
    refund: (stripe, id, options) => stripe.refunds.retrieve(id, {}, options),
    setup_intent: (stripe, id, options) => stripe.setupIntents.retrieve(id, {}, options),
    // The platform reads its connected accounts itself, without acting as them.
    account: (stripe, id) => stripe.accounts.retrieve(id),
  } satisfies Record<string, Retrieve>),
);

/**
 * `event` as the pinned version renders it: itself when it is in that version's release, else with its object
 * read again through the SDK (acting as the connected account `options.stripeAccount`, for its events).
 * Throws when the object cannot be read: the event is then not applied, and is tried again.
 */
export async function listedEventInPinnedVersion(ctx: { stripe: Stripe }, event: Stripe.Event, options: Stripe.RequestOptions = {}): Promise<Stripe.Event> {
  if (readsAsPinned(event.api_version)) return event;
  const listed = event.data.object as { object?: unknown; id?: unknown };
  const retrieve = typeof listed.object === "string" ? RETRIEVE.get(listed.object) : undefined;
  if (!retrieve || typeof listed.id !== "string") {
    throw new Error(
      `event ${event.id} (${event.type}) is in API version ${event.api_version ?? "(none)"} and its object (${String(listed.object)}) cannot be read again`,
    );
  }
  const current = await retrieve(ctx.stripe, listed.id, options);
  // previous_attributes are in the event's version too, and no handler reads them: left out.
  return { ...event, api_version: PINNED_API_VERSION, data: { object: current } } as Stripe.Event;
}
