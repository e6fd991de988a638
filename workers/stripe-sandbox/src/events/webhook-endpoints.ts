/**
 * Webhook endpoints as Stripe keeps them (https://docs.stripe.com/api/webhook_endpoints): each has a
 * URL, the event types it was created or updated with (`enabled_events`, or `*`), whether it takes
 * the platform's events or those on connected accounts (`connect`), the API version its events are
 * rendered in (`api_version`; null: the account's default), a status and a signing secret. An event
 * is sent to every enabled endpoint that asked for its type, and to no other: an endpoint never
 * created receives nothing.
 *
 * Secrets: Stripe makes one per endpoint and shows it once, on creation. The sandbox issues the one
 * its configuration holds for that kind of endpoint (STRIPE_WEBHOOK_SECRET, or
 * STRIPE_CONNECT_WEBHOOK_SECRET for `connect`), which the product's local settings already share, so
 * nothing has to be copied; without one it makes a random `whsec_…`.
 */
import type Stripe from "stripe";
import type { SandboxEnv } from "../http/env";
import { randomToken } from "../store/ids";
import type { StoredObject } from "../store/store";

export interface WebhookEndpoint extends StoredObject {
  object: "webhook_endpoint";
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Record<string, string>;
  status: "enabled" | "disabled";
  url: string;
  /** Whether it receives events on connected accounts; Stripe's object does not show it (the sandbox keeps it). */
  connect: boolean;
  /** Shown only in the answer to its creation, as on Stripe; kept for signing. */
  secret: string;
}

/**
 * The event types the sandbox emits (or may). Stripe refuses an `enabled_events` entry that is not an
 * event type; the sandbox refuses those too, and also a real type it never emits, so a misspelt or
 * unmodelled type fails here rather than silently never arriving.
 */
export const KNOWN_EVENT_TYPES = [
  "account.updated",
  "charge.dispute.closed",
  "charge.dispute.created",
  "charge.dispute.funds_reinstated",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.updated",
  "charge.failed",
  "charge.refund.updated",
  "charge.refunded",
  "charge.succeeded",
  "customer.created",
  "customer.deleted",
  "customer.subscription.created",
  "customer.subscription.deleted",
  "customer.subscription.updated",
  "customer.updated",
  "invoice.created",
  "invoice.finalized",
  "invoice.paid",
  "invoice.payment_action_required",
  "invoice.payment_failed",
  "invoice.payment_succeeded",
  "invoice.voided",
  "payment_intent.canceled",
  "payment_intent.created",
  "payment_intent.payment_failed",
  "payment_intent.requires_action",
  "payment_intent.succeeded",
  "payment_method.attached",
  "payment_method.detached",
  "payment_method.updated",
  "payout.created",
  "payout.failed",
  "payout.paid",
  "price.created",
  "radar.early_fraud_warning.created",
  "product.created",
  "refund.created",
  "refund.failed",
  "refund.updated",
  "setup_intent.canceled",
  "setup_intent.created",
  "setup_intent.requires_action",
  "setup_intent.setup_failed",
  "setup_intent.succeeded",
  "topup.created",
  "topup.failed",
  "topup.succeeded",
  "transfer.created",
  "transfer.reversed",
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

export type KnownEventType = (typeof KNOWN_EVENT_TYPES)[number];

export const ALL_EVENTS = "*";

/** The secret Stripe would show on creation (see the header). */
export const issuedSecret = (env: SandboxEnv, connect: boolean): string =>
  // The product's setting may list several secrets (comma-separated): the sandbox issues the first.
  (connect ? env.STRIPE_CONNECT_WEBHOOK_SECRET : env.STRIPE_WEBHOOK_SECRET)?.split(",")[0]?.trim() || `whsec_${randomToken(32)}`;

/** What the API shows of an endpoint: without the secret (except on creation) and the sandbox's `connect`. */
export function shownEndpoint(endpoint: WebhookEndpoint, withSecret = false): Omit<WebhookEndpoint, "secret" | "connect"> & { secret?: string } {
  const { secret, connect: _kept, ...shown } = endpoint;
  return withSecret ? { ...shown, secret } : shown;
}

/** Every endpoint, oldest first (what an event is matched against). */
export async function loadWebhookEndpoints(db: D1Database): Promise<WebhookEndpoint[]> {
  const { results } = await db.prepare("SELECT data FROM sandbox_objects WHERE object = 'webhook_endpoint' ORDER BY rowid").all<{ data: string }>();
  return results.map((row) => JSON.parse(row.data) as WebhookEndpoint);
}

/** The enabled endpoints an event of `type` goes to: platform events to platform endpoints, an account's to Connect ones. */
export function endpointsFor(endpoints: readonly WebhookEndpoint[], event: { type: string; account?: string }): WebhookEndpoint[] {
  return endpoints.filter(
    (endpoint) =>
      endpoint.status === "enabled" &&
      endpoint.connect === Boolean(event.account) &&
      (endpoint.enabled_events.includes(ALL_EVENTS) || endpoint.enabled_events.includes(event.type)),
  );
}
