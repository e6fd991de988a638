/**
 * Webhook signing and delivery, as Stripe does it: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256
 * of "<t>.<payload>">` with the endpoint secret, POSTed to the product's own /api/webhooks/stripe —
 * in-process, so nothing leaves the Worker. An event stays pending until a 2xx answer.
 * https://docs.stripe.com/webhooks#verify-manually
 */
import type { BackgroundWork } from "../stripe-client";
import { executionContext } from "./background";
import type { SandboxEvent } from "./events";
import { stripeJson } from "./errors";
import { unixSeconds } from "./ids";

const encoder = new TextEncoder();

/** The `Stripe-Signature` header value for `payload`, signed at `timestamp` (Unix seconds). */
export async function signWebhookPayload(payload: string, secret: string, timestamp: number = unixSeconds()): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`)));
  const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

export const WEBHOOK_PATH = "/api/webhooks/stripe";

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** POSTs one event to the product's webhook route; true when it answered 2xx. */
async function postEvent(env: Env, event: SandboxEvent, secret: string, work?: BackgroundWork): Promise<boolean> {
  const payload = stripeJson(event);
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    "Stripe-Signature": await signWebhookPayload(payload, secret),
  };
  // Imported lazily: the main app mounts the sandbox, so a static import would be a cycle.
  const { app } = await import("../../app");
  const ctx = executionContext(work);
  try {
    const response = await app.fetch(new Request(`https://sandbox.local${WEBHOOK_PATH}`, { method: "POST", headers, body: payload }), env, ctx);
    await response.body?.cancel();
    return response.ok;
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox webhook delivery failed", event: event.id, error: String(error) }));
    return false;
  } finally {
    await ctx.settle();
  }
}

async function markDelivered(db: D1Database, id: string): Promise<void> {
  await db.prepare("UPDATE sandbox_objects SET data = json_set(data, '$.pending_webhooks', 0) WHERE id = ? AND object = 'event'").bind(id).run();
}

/** Delivers the given pending events in order (by id), leaving failures pending. */
export async function deliverEvents(env: Env, ids: readonly string[], work?: BackgroundWork): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || ids.length === 0) return report;
  for (const id of ids) {
    const row = await env.DB.prepare("SELECT data FROM sandbox_objects WHERE id = ? AND object = 'event'").bind(id).first<{ data: string }>();
    if (!row) continue;
    const event = JSON.parse(row.data) as SandboxEvent;
    if (event.pending_webhooks === 0) continue;
    if (await postEvent(env, event, secret, work)) {
      await markDelivered(env.DB, id);
      report.delivered++;
    } else {
      report.failed++;
    }
  }
  return report;
}

/** Every pending event, oldest first (`POST /v1/test_helpers/deliver_events`). */
export async function deliverPendingEvents(env: Env, work?: BackgroundWork): Promise<DeliveryReport> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM sandbox_objects WHERE object = 'event' AND json_extract(data, '$.pending_webhooks') > 0 ORDER BY rowid",
  ).all<{ id: string }>();
  return deliverEvents(
    env,
    results.map((r) => r.id),
    work,
  );
}

/** Stripe retries an undelivered event for up to three days; older ones are left pending. */
export const RETRY_WINDOW_SECONDS = 3 * 24 * 60 * 60;
/** A bound on one retry run; the rest wait for the next. */
const RETRIES_PER_RUN = 500;

/**
 * Stripe's automatic retries (the cron runs this): every event still pending from the last three
 * days, oldest first. An event whose delivery died with the Worker that sent it (`waitUntil` is gone
 * when the process stops) arrives this way; the product's endpoint applies each event once.
 */
export async function retryPendingEvents(env: Env, now: number): Promise<DeliveryReport> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM sandbox_objects WHERE object = 'event' AND json_extract(data, '$.pending_webhooks') > 0
       AND json_extract(data, '$.created') >= ? ORDER BY rowid LIMIT ?`,
  )
    .bind(unixSeconds(now) - RETRY_WINDOW_SECONDS, RETRIES_PER_RUN)
    .all<{ id: string }>();
  return deliverEvents(
    env,
    results.map((r) => r.id),
  );
}

/** After a request: deliver its events once the answer is out, when a context can carry the work. */
export function scheduleDelivery(env: Env, ids: readonly string[], work: BackgroundWork | undefined): void {
  if (!work || ids.length === 0 || !env.STRIPE_WEBHOOK_SECRET) return;
  work.waitUntil(
    deliverEvents(env, ids, work).catch((error: unknown) => {
      console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox webhook delivery failed", error: String(error) }));
    }),
  );
}
