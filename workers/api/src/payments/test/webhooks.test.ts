/**
 * POST /api/webhooks/stripe: only events signed with our secret, recent, and each applied once; a
 * payment_intent.succeeded pays a song only when it agrees with the payment row it names.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { AdminPaymentMismatchesResponse } from "@jplay/schema/admin";
import worker from "../../index";
import { createStripe } from "../../platform/stripe-client";
import { signedInOperator } from "../../../test/admin-support";
import { approvalEvents, artistWithSong, freshCardNumber, intentIdOf, payInBrowser, paymentsOf, songPaid, songRow } from "../../../test/payment-support";
import { Browser } from "../../../test/support";

const SECRET = "whsec_test_jplay";
const crypto = Stripe.createSubtleCryptoProvider();

function eventPayload(id: string, type = "setup_intent.succeeded", livemode = false) {
  return JSON.stringify({
    id,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode,
    data: { object: { id: "seti_1", object: "setup_intent" } },
  });
}

interface Delivery {
  secret?: string;
  timestamp?: number;
  path?: string;
  /** The product's settings changed for this request (e.g. a list of secrets, a live key). */
  settings?: Partial<Env>;
}

async function deliver(payload: string, options: Delivery = {}) {
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: crypto,
  });
  const request = new Request(`http://jplay.test${options.path ?? "/api/webhooks/stripe"}`, {
    method: "POST",
    headers: { "Stripe-Signature": header },
    body: payload,
  });
  if (!options.settings) return exports.default.fetch(request);
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...options.settings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
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

  it("refuses a body the secret signed that is not an event object (null, a number, a string, a list) with 400, never a server error", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events").first<{ n: number }>())!.n;
    for (const payload of ["null", "42", '"evt"', "[]"]) {
      const answer = await deliver(payload);
      expect({ payload, status: answer.status }).toEqual({ payload, status: 400 });
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM stripe_events").first<{ n: number }>())!.n).toBe(before);
  });
});

describe("webhook secrets during an endpoint's replacement, and the key's mode", () => {
  const CONNECT = "/api/webhooks/stripe-connect";
  const CONNECT_SECRET = "whsec_test_jplay_connect";

  it("verifies an event against each secret of a comma-separated setting, on both endpoints, and refuses a secret not listed", async () => {
    const platform = { STRIPE_WEBHOOK_SECRET: `whsec_new_endpoint, ${SECRET}` };
    expect((await deliver(eventPayload("evt_list_old"), { settings: platform })).status).toBe(200);
    expect((await deliver(eventPayload("evt_list_new"), { secret: "whsec_new_endpoint", settings: platform })).status).toBe(200);
    expect((await deliver(eventPayload("evt_list_none"), { secret: "whsec_someone_else", settings: platform })).status).toBe(400);
    // Without the list, the new endpoint's secret is not the product's.
    expect((await deliver(eventPayload("evt_list_unset"), { secret: "whsec_new_endpoint" })).status).toBe(400);

    const connect = { STRIPE_CONNECT_WEBHOOK_SECRET: `${CONNECT_SECRET},whsec_new_connect` };
    const accountEvent = (id: string) => eventPayload(id, "customer.created");
    expect((await deliver(accountEvent("evt_list_connect"), { path: CONNECT, secret: "whsec_new_connect", settings: connect })).status).toBe(200);
    expect((await deliver(accountEvent("evt_list_connect_none"), { path: CONNECT, secret: SECRET, settings: connect })).status).toBe(400);

    for (const id of ["evt_list_old", "evt_list_new", "evt_list_connect"]) expect(await recorded(id)).toBe(1);
    for (const id of ["evt_list_none", "evt_list_unset", "evt_list_connect_none"]) expect(await recorded(id)).toBe(0);
  });

  it("acknowledges and ignores an event of the other mode than the key's: a live event under a test key, a test one under a live key", async () => {
    const live = await deliver(eventPayload("evt_live_under_test", "setup_intent.succeeded", true));
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ received: true, ignored: "other_mode" });

    // A live deployment's Connect endpoint also receives its connected accounts' test events.
    const liveKey = { STRIPE_SECRET_KEY: "sk_live_jplay_not_a_real_key" };
    const testEvent = await deliver(eventPayload("evt_test_under_live", "account.updated"), { path: CONNECT, secret: CONNECT_SECRET, settings: liveKey });
    expect(testEvent.status).toBe(200);
    expect(await testEvent.json()).toEqual({ received: true, ignored: "other_mode" });
    const restricted = await deliver(eventPayload("evt_test_under_rk_live"), { settings: { STRIPE_SECRET_KEY: "rk_live_jplay_not_a_real_key" } });
    expect(await restricted.json()).toEqual({ received: true, ignored: "other_mode" });

    for (const id of ["evt_live_under_test", "evt_test_under_live", "evt_test_under_rk_live"]) expect(await recorded(id)).toBe(0);
  });
});

describe("payment_intent.succeeded agrees with the payment row it names", { timeout: 30_000 }, () => {
  /** An artist's one-off payment waiting in its card form: the payment row and the real PaymentIntent. */
  async function openCheckout() {
    const artist = await artistWithSong();
    const response = await artist.browser.postJson("/api/create-payment-intent", { amount: 9900 });
    expect(response.status).toBe(200);
    const { clientSecret } = await response.json<{ clientSecret: string }>();
    const intent = await createStripe(env).paymentIntents.retrieve(intentIdOf(clientSecret));
    return { artist, clientSecret, intent };
  }

  /** A `payment_intent.succeeded` for `intent`, signed with our secret as Stripe would sign it. */
  const succeededEvent = (intent: Stripe.PaymentIntent, changes: Partial<Stripe.PaymentIntent>) =>
    JSON.stringify({
      id: `evt_${self.crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "payment_intent.succeeded",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...intent, status: "succeeded", amount_received: changes.amount ?? intent.amount, ...changes } },
    });

  it("pays nothing when the amount, the currency or the customer differs: logged, kept for an operator and shown in admin", async () => {
    const cases: Array<[string, Partial<Stripe.PaymentIntent>]> = [
      ["amount", { amount: 100 }],
      ["currency", { currency: "eur" }],
      ["customer", { customer: "cus_someone_else" }],
    ];
    const mismatched: Array<{ paymentId: string; songId: string; intentId: string; field: string }> = [];
    for (const [field, changes] of cases) {
      const { artist, intent } = await openCheckout();
      const response = await deliver(succeededEvent(intent, changes));
      expect(response.status, field).toBe(200);
      expect((await songRow(artist.songId))?.status, field).toBe("pending");
      const [payment] = await paymentsOf(artist.songId);
      expect(payment, field).toMatchObject({ purpose: "checkout", status: "requires_payment_method" });
      mismatched.push({ paymentId: payment!.id as string, songId: artist.songId, intentId: intent.id, field });
    }

    const operator = await signedInOperator();
    const listed = await operator.fetch("/api/admin/payment-mismatches");
    expect(listed.status).toBe(200);
    const { mismatches } = await listed.json<AdminPaymentMismatchesResponse>();
    for (const { paymentId, songId, intentId, field } of mismatched) {
      const entry = mismatches.find((m) => m.paymentId === paymentId);
      expect(entry, field).toMatchObject({
        songId,
        stripePaymentIntentId: intentId,
        source: "webhook: payment_intent.succeeded",
        expected: { amountCents: 9900, currency: "usd" },
      });
      if (field === "amount") expect(entry!.received.amountCents).toBe(100);
      if (field === "currency") expect(entry!.received.currency).toBe("eur");
      if (field === "customer") expect(entry!.received.customer).toBe("cus_someone_else");
    }
    expect((await new Browser().fetch("/api/admin/payment-mismatches")).status).toBe(401);
  });

  it("a live-mode event under the test-mode key pays nothing and records nothing, however well it agrees", async () => {
    const { artist, intent } = await openCheckout();
    const live = { ...JSON.parse(succeededEvent(intent, {})), livemode: true };
    const response = await deliver(JSON.stringify(live));
    expect(await response.json()).toEqual({ received: true, ignored: "other_mode" });
    expect((await songRow(artist.songId))?.status).toBe("pending");
    expect(await recorded(live.id)).toBe(0);
  });

  it("the genuine payment of the same intent still pays the song afterwards, once", async () => {
    const { artist, clientSecret, intent } = await openCheckout();
    expect((await deliver(succeededEvent(intent, { amount: 1 }))).status).toBe(200);
    expect((await payInBrowser(artist.browser, clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "standard", distribution_fee_cents: 9900 });
    expect(await approvalEvents(artist.songId)).toBe(1);
  });
});
