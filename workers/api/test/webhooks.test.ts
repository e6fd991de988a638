/**
 * POST /api/webhooks/stripe: only events signed with our secret, recent, and each applied once.
 */
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";

const SECRET = "whsec_test_jplay";
const crypto = Stripe.createSubtleCryptoProvider();

function eventPayload(id: string, type = "setup_intent.succeeded") {
  return JSON.stringify({ id, object: "event", type, api_version: "2026-10-28.endive", created: Math.floor(Date.now() / 1000), livemode: false, data: { object: { id: "seti_1", object: "setup_intent" } } });
}

async function deliver(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: crypto,
  });
  return exports.default.fetch(new Request("http://jplay.test/api/webhooks/stripe", { method: "POST", headers: { "Stripe-Signature": header }, body: payload }));
}

const recorded = async (id: string) => (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(id).first<{ n: number }>())!.n;

describe("Stripe webhooks", () => {
  it("accepts a correctly signed event and records it once, however often it arrives", async () => {
    const payload = eventPayload("evt_good");
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const again = await deliver(payload);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await recorded("evt_good")).toBe(1);
  });

  it("refuses a wrong secret, a stale timestamp, a tampered body and a missing signature", async () => {
    const wrong = await deliver(eventPayload("evt_wrong"), { secret: "whsec_someone_else" });
    expect(wrong.status).toBe(400);
    const stale = await deliver(eventPayload("evt_stale"), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: eventPayload("evt_x"), secret: SECRET, cryptoProvider: crypto });
    const tampered = await exports.default.fetch(
      new Request("http://jplay.test/api/webhooks/stripe", { method: "POST", headers: { "Stripe-Signature": header }, body: eventPayload("evt_tampered") }),
    );
    expect(tampered.status).toBe(400);
    const unsigned = await exports.default.fetch(new Request("http://jplay.test/api/webhooks/stripe", { method: "POST", body: eventPayload("evt_unsigned") }));
    expect(unsigned.status).toBe(400);
    for (const id of ["evt_wrong", "evt_stale", "evt_tampered", "evt_unsigned"]) expect(await recorded(id)).toBe(0);
  });
});
