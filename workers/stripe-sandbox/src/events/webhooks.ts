/**
 * Webhook signing and delivery, as Stripe does it in test mode (https://docs.stripe.com/webhooks):
 * - `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">` with the endpoint's secret;
 * - to the endpoints created through /v1/webhook_endpoints that asked for the event's type
 *   (webhook-endpoints.ts): events on a connected account (they carry `account`) only to Connect
 *   endpoints, all others only to the platform's; each in its endpoint's API version;
 * - POSTed over HTTP to the product (the WEBHOOK_TARGET service binding stands for every endpoint's
 *   host; the URL's path is kept) after the request that made them has answered;
 * - in the order they happened, once each; or, in the `unordered` delivery mode, shuffled, each twice
 *   and all at once, since Stripe promises neither order nor a single delivery
 *   (https://docs.stripe.com/webhooks#event-ordering, #handle-duplicate-events);
 * - an event stays pending until a 2xx answer, and test mode retries only three times over a few
 *   hours (RETRY_DELAYS_SECONDS), then gives up: the product must find what it missed by listing
 *   events. Retries run when the sandbox is next called (it has no timer of its own); an event whose
 *   first attempt never ran (its process stopped) counts as due shortly after it was made.
 */
import type { SandboxEnv } from "../http/env";
import { ACCOUNT_DEFAULT_API_VERSION, type SandboxEvent, inApiVersion, withoutBookkeeping } from "./events";
import { stripeJson } from "../http/errors";
import { sandboxNow } from "../store/clock";
import { type WebhookEndpoint, loadWebhookEndpoints } from "./webhook-endpoints";

const encoder = new TextEncoder();

/** The `Stripe-Signature` header value for `payload`, signed at `timestamp` (Unix seconds). */
export async function signWebhookPayload(payload: string, secret: string, timestamp: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`)));
  const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

/** Test mode: the first attempt, then three retries over a few hours; after the last, none. */
export const RETRY_DELAYS_SECONDS = [60 * 60, 2 * 60 * 60, 3 * 60 * 60] as const;

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** POSTs one event to one endpoint, in the endpoint's API version; true when the product answered 2xx. */
async function postEvent(env: SandboxEnv, event: SandboxEvent, endpoint: WebhookEndpoint, now: number): Promise<boolean> {
  if (!env.WEBHOOK_TARGET) return false;
  const payload = stripeJson(inApiVersion(withoutBookkeeping(event), endpoint.api_version ?? ACCOUNT_DEFAULT_API_VERSION));
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    "Stripe-Signature": await signWebhookPayload(payload, endpoint.secret, now),
  };
  try {
    const response = await env.WEBHOOK_TARGET.fetch(`https://jplay.local${new URL(endpoint.url).pathname}`, { method: "POST", headers, body: payload });
    await response.body?.cancel();
    return response.ok;
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox webhook delivery failed", event: event.id, error: String(error) }));
    return false;
  }
}

/**
 * After an attempt: the endpoints still waiting (none once every one took it), and the next retry
 * (null once all took it or test mode's retries are spent). An event another attempt delivered
 * meanwhile (a resend racing a background retry) stays delivered.
 */
async function recordAttempt(db: D1Database, event: SandboxEvent, waiting: readonly string[], now: number): Promise<void> {
  const attempts = (event.delivery?.attempts ?? 0) + 1;
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  const delivery = { attempts, next_attempt_at: waiting.length === 0 || delay === undefined ? null : now + delay };
  await db
    .prepare(
      "UPDATE sandbox_objects SET data = json_set(data, '$.pending_webhooks', ?, '$.webhook_endpoints', json(?), '$.delivery', json(?)) WHERE id = ? AND object = 'event' AND json_extract(data, '$.pending_webhooks') > 0",
    )
    .bind(waiting.length, JSON.stringify(waiting), JSON.stringify(delivery), event.id)
    .run();
}

/**
 * One attempt of an event at each endpoint still waiting for it (an endpoint deleted or disabled
 * since is dropped); true when none is left waiting. `reachable: false`: the product is out of reach
 * (paused), so every attempt fails without a POST.
 */
async function attemptEvent(
  env: SandboxEnv,
  event: SandboxEvent,
  endpoints: ReadonlyMap<string, WebhookEndpoint>,
  now: number,
  reachable: boolean,
): Promise<boolean> {
  const waiting: string[] = [];
  for (const id of event.webhook_endpoints ?? []) {
    const endpoint = endpoints.get(id);
    if (!endpoint || endpoint.status !== "enabled") continue;
    if (!(reachable && (await postEvent(env, event, endpoint, now)))) waiting.push(id);
  }
  await recordAttempt(env.DB, event, waiting, now);
  return waiting.length === 0;
}

const pendingEventsOf = (rows: readonly { data: string }[]) =>
  rows.map((row) => JSON.parse(row.data) as SandboxEvent).filter((event) => event.pending_webhooks > 0);
const endpointsById = async (db: D1Database) => new Map((await loadWebhookEndpoints(db)).map((endpoint) => [endpoint.id, endpoint]));

/** One attempt per pending event, one after another, oldest first. The report counts events. */
async function deliverRows(env: SandboxEnv, rows: readonly { data: string }[], now: number, reachable = true): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  const events = pendingEventsOf(rows);
  if (events.length === 0) return report;
  const endpoints = await endpointsById(env.DB);
  for (const event of events) {
    if (await attemptEvent(env, event, endpoints, now, reachable)) report.delivered++;
    else report.failed++;
  }
  return report;
}

/** Fisher–Yates, with the platform's random numbers. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = crypto.getRandomValues(new Uint32Array(1))[0]! % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The `unordered` mode: every pending event twice, in a shuffled order, all attempts at once. The
 * second copy of an event may be sent after the first was accepted (a duplicate the product must
 * ignore) or race it. An event counts as delivered once either copy left nothing waiting.
 */
async function deliverRowsUnordered(env: SandboxEnv, rows: readonly { data: string }[], now: number, reachable: boolean): Promise<DeliveryReport> {
  const events = pendingEventsOf(rows);
  if (events.length === 0) return { delivered: 0, failed: 0 };
  const endpoints = await endpointsById(env.DB);
  const copies = shuffled(events.flatMap((event) => [event, event]));
  const outcomes = await Promise.all(copies.map(async (event) => [event.id, await attemptEvent(env, event, endpoints, now, reachable)] as const));
  const delivered = new Set(outcomes.filter(([, ok]) => ok).map(([id]) => id));
  return { delivered: delivered.size, failed: events.length - delivered.size };
}

export const DELIVERY_MODES = ["in_order", "unordered"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Delivers the given events now (a request's own events, once it has answered): in order, or unordered. */
export async function deliverEvents(
  env: SandboxEnv,
  ids: readonly string[],
  now: number,
  reachable = true,
  mode: DeliveryMode = "in_order",
): Promise<DeliveryReport> {
  if (ids.length === 0) return { delivered: 0, failed: 0 };
  const { results } = await env.DB.prepare(
    `SELECT data FROM sandbox_objects WHERE object = 'event' AND id IN (${ids.map(() => "?").join(", ")}) ORDER BY rowid`,
  )
    .bind(...ids)
    .all<{ data: string }>();
  return mode === "unordered" ? deliverRowsUnordered(env, results, now, reachable) : deliverRows(env, results, now, reachable);
}

/**
 * The events with deliveries still to make. Its text is the WHERE of the partial index
 * `sandbox_objects_pending_events_idx` (migrations/0002), so SQLite reads only those events, not
 * every event ever sent: keep the two the same.
 */
const PENDING_EVENTS = "object = 'event' AND json_extract(data, '$.pending_webhooks') > 0";

/**
 * Every pending event now, oldest first, retries spent or not: the dashboard's "Resend", for tests
 * and dev tools (`POST /v1/test_helpers/deliver_events`).
 */
export async function deliverPendingEvents(env: SandboxEnv, now: number): Promise<DeliveryReport> {
  const { results } = await env.DB.prepare(`SELECT data FROM sandbox_objects WHERE ${PENDING_EVENTS} ORDER BY rowid`).all<{ data: string }>();
  return deliverRows(env, results, now);
}

/** A bound on one run of retries; the rest wait for the next call. */
const RETRIES_PER_RUN = 50;

/**
 * An event never attempted (its delivery stopped with the process that ran it, or was held back) is
 * due this long after it was created; the wait keeps a request's own delivery, still running, from
 * being doubled.
 */
export const FIRST_ATTEMPT_GRACE_SECONDS = 60;

/** retryDueEvents' read: `?1` the first attempt's grace, `?2` now, `?3` how many. */
export const DUE_RETRIES_SQL = `SELECT data FROM sandbox_objects WHERE ${PENDING_EVENTS}
       AND CASE WHEN json_extract(data, '$.delivery') IS NULL THEN json_extract(data, '$.created') + ?1 <= ?2
                ELSE json_extract(data, '$.delivery.next_attempt_at') <= ?2 END
     ORDER BY rowid LIMIT ?3`;

/** Test mode's automatic retries that are due by `now` (run in the background of any call). */
export async function retryDueEvents(env: SandboxEnv, now: number, reachable = true): Promise<DeliveryReport> {
  const { results } = await env.DB.prepare(DUE_RETRIES_SQL).bind(FIRST_ATTEMPT_GRACE_SECONDS, now, RETRIES_PER_RUN).all<{ data: string }>();
  return deliverRows(env, results, now, reachable);
}

const PAUSE_ID = "sandbox_webhook_pause";

/**
 * Sandbox-only: while paused the product's endpoints are out of reach. Nothing is sent on its own:
 * each automatic attempt fails as a refused connection does and counts as one, so retries follow
 * test mode's schedule and are given up after the last, as Stripe gives up on an endpoint that is
 * down. A test can look at the product before a webhook arrives, or let Stripe give up on one.
 * `deliver_events` still sends on request.
 */
export async function setWebhooksPaused(db: D1Database, paused: boolean): Promise<void> {
  if (!paused) {
    await db.prepare("DELETE FROM sandbox_objects WHERE id = ?").bind(PAUSE_ID).run();
    return;
  }
  await db.prepare("INSERT INTO sandbox_objects (id, object, data) VALUES (?, 'sandbox.webhook_pause', '{}') ON CONFLICT(id) DO NOTHING").bind(PAUSE_ID).run();
}

const DELIVERY_MODE_ID = "sandbox_webhook_delivery";

/** Sandbox-only: how requests' own events go out from now on (`POST /v1/test_helpers/webhooks delivery=…`). */
export async function setDeliveryMode(db: D1Database, mode: DeliveryMode): Promise<void> {
  await db
    .prepare("INSERT INTO sandbox_objects (id, object, data) VALUES (?, 'sandbox.webhook_delivery', ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data")
    .bind(DELIVERY_MODE_ID, JSON.stringify({ id: DELIVERY_MODE_ID, object: "sandbox.webhook_delivery", mode }))
    .run();
}

/**
 * How events go out now, in one read: `reachable` unless paused, and the mode the test helper set,
 * else the configuration's WEBHOOK_DELIVERY, else in order.
 */
export async function deliverySettings(env: SandboxEnv): Promise<{ reachable: boolean; mode: DeliveryMode }> {
  const { results } = await env.DB.prepare("SELECT id, json_extract(data, '$.mode') AS mode FROM sandbox_objects WHERE id IN (?, ?)")
    .bind(PAUSE_ID, DELIVERY_MODE_ID)
    .all<{ id: string; mode: string | null }>();
  const mode = results.find((row) => row.id === DELIVERY_MODE_ID)?.mode ?? env.WEBHOOK_DELIVERY;
  return { reachable: !results.some((row) => row.id === PAUSE_ID), mode: mode === "unordered" ? "unordered" : "in_order" };
}

/** The retries due by the clock's time now, sent (or, while paused, failed) as test mode would. */
export async function runDueRetries(env: SandboxEnv): Promise<DeliveryReport> {
  const { reachable } = await deliverySettings(env);
  return retryDueEvents(env, await sandboxNow(env.DB), reachable);
}

/** After a request has answered: deliver its events, then any retries that have come due. */
export function scheduleDelivery(env: SandboxEnv, ids: readonly string[], ctx: { waitUntil(promise: Promise<unknown>): void }): void {
  ctx.waitUntil(
    (async () => {
      const { reachable, mode } = await deliverySettings(env);
      const now = await sandboxNow(env.DB);
      await deliverEvents(env, ids, now, reachable, mode);
      await retryDueEvents(env, now, reachable);
    })().catch((error: unknown) => {
      console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox webhook delivery failed", error: String(error) }));
    }),
  );
}
