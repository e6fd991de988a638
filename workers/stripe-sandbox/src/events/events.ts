/**
 * Stripe Events: every state change the sandbox makes is recorded as an `event` object with a
 * snapshot of the object, exactly what webhooks deliver and `GET /v1/events` lists.
 * `pending_webhooks` is Stripe's own bookkeeping: how many of the endpoints the event was sent to
 * have not accepted it yet (webhook-endpoints.ts decides which endpoints those are).
 * https://docs.stripe.com/api/events/object
 */
import Stripe from "stripe";
import { ID_PREFIX, newId } from "../store/ids";
import type { StoredObject } from "../store/store";

export type EventType = Stripe.Event.Type;

/** The API version events are stored in, and sent in to endpoints created in it: the one the installed SDK pins. */
export const SANDBOX_API_VERSION: string = Stripe.API_VERSION;

/**
 * The account's default API version, older than the SDK's. Events listed or retrieved through the API
 * are rendered in the version that was the account's default when they were created, never in the
 * request's Stripe-Version (https://docs.stripe.com/api/events/list), so a product that reads a listed
 * event's body as if it were in the SDK's version misreads it.
 */
export const ACCOUNT_DEFAULT_API_VERSION = "2024-12-18.acacia";

export interface SandboxEvent extends StoredObject {
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
  /** Set on events that happened on a connected account: they go to the Connect endpoint only. */
  account?: string;
  /** The sandbox's delivery bookkeeping (attempts, next retry); never sent or listed. */
  delivery?: { attempts: number; next_attempt_at: number | null };
  /** The sandbox's bookkeeping: the endpoints that have not accepted it yet; never sent or listed. */
  webhook_endpoints?: string[];
}

/** Events about a connected account itself are that account's (Stripe sets `account` on them). */
const connectedAccountOf = (type: EventType, object: StoredObject): string | undefined => {
  if (!type.startsWith("account.")) return undefined;
  const record = object as StoredObject & { account?: unknown };
  return object.object === "account" ? object.id : typeof record.account === "string" ? record.account : undefined;
};

export interface EventOrigin {
  now: number;
  requestId: string | null;
  idempotencyKey: string | null;
}

/** Sets which endpoints an event is sent to (webhook-endpoints.ts endpointsFor), before it is stored. */
export function routedTo(event: SandboxEvent, endpointIds: readonly string[]): SandboxEvent {
  return { ...event, pending_webhooks: endpointIds.length, webhook_endpoints: [...endpointIds] };
}

/**
 * `onAccount`: the connected account the event happened on (a payout of its balance), for objects
 * that do not name it themselves.
 * `previous`: the changed fields' old values. Stripe shows them only on `*.updated` events
 * (https://docs.stripe.com/api/events/object#event_object-data-previous_attributes); on any other type
 * they are dropped here, whatever the caller passed.
 */
export function buildEvent(origin: EventOrigin, type: EventType, object: StoredObject, previous?: Record<string, unknown>, onAccount?: string): SandboxEvent {
  const account = onAccount ?? connectedAccountOf(type, object);
  const shownPrevious = type.endsWith(".updated") ? previous : undefined;
  return {
    ...(account ? { account } : {}),
    id: newId(ID_PREFIX.event),
    object: "event",
    api_version: SANDBOX_API_VERSION,
    created: origin.now,
    data: { object: structuredClone(object), ...(shownPrevious ? { previous_attributes: structuredClone(shownPrevious) } : {}) },
    livemode: false,
    pending_webhooks: 0,
    request: { id: origin.requestId, idempotency_key: origin.idempotencyKey },
    type,
  };
}

/** Top-level fields that changed, with their old values (Stripe's `previous_attributes`). */
export function previousAttributes(before: object, after: object): Record<string, unknown> | undefined {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changed[key] = old[key] ?? null;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

type RenderedInvoice = StoredObject & { parent?: { subscription_details?: { subscription?: unknown } | null } | null };

/**
 * An event rendered in another API version than the SDK's. Of the older versions' differences the
 * sandbox renders the one that would mislead the product: before 2025-03-31.basil an invoice named its
 * subscription at the top (`subscription`) and had no `parent`. Every version other than the SDK's
 * is rendered in that older shape.
 */
export function inApiVersion(event: SandboxEvent, version: string): SandboxEvent {
  if (version === SANDBOX_API_VERSION) return event;
  const object = event.data.object as StoredObject;
  if (object.object !== "invoice") return { ...event, api_version: version };
  const { parent, ...rest } = object as RenderedInvoice;
  const invoice = { ...rest, subscription: parent?.subscription_details?.subscription ?? null };
  return { ...event, api_version: version, data: { object: invoice } };
}

/** An event as `GET /v1/events` shows it: in the account's default version. */
export const inAccountDefaultVersion = (event: SandboxEvent): SandboxEvent => inApiVersion(event, ACCOUNT_DEFAULT_API_VERSION);

/** An event as Stripe shows it: without the sandbox's delivery bookkeeping. */
export function withoutBookkeeping(event: SandboxEvent): SandboxEvent {
  const { delivery: _attempts, webhook_endpoints: _pendingAt, ...shown } = event;
  return shown;
}
