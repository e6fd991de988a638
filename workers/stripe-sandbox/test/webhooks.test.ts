/**
 * The sandbox's events and webhooks, read where the product would read them: `GET /v1/events`, and
 * the POSTs a recorder standing for the product's two endpoints received (vitest.config.ts). Proves
 * what the product's webhook handling relies on, as Stripe's test mode does it
 * (https://docs.stripe.com/webhooks): every state change is an event; it goes only to the endpoints
 * created for its type, in each endpoint's API version;
 * it is POSTed after the request answered, signed so the official SDK verifies it; events on a
 * connected account go only to the Connect endpoint with its own secret, all others only to the
 * platform endpoint; a failed delivery is retried on test mode's schedule and then given up; and the
 * sandbox's own delivery bookkeeping never shows.
 */
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DUE_RETRIES_SQL, RETRY_DELAYS_SECONDS, signWebhookPayload } from "../src/events/webhooks";
import { ACCOUNT_DEFAULT_API_VERSION } from "../src/events/events";
import {
  CONNECT_ENDPOINT,
  PLATFORM_ENDPOINT,
  PRODUCT_ORIGIN,
  SANDBOX_ORIGIN,
  type Delivery,
  advanceClock,
  call,
  clearDeliveries,
  deliveries,
  deliveriesAbout,
  deliveriesOf,
  eventsFor,
  failNextDeliveries,
  sandboxStripe,
  settledCall,
  stripeError,
  verifyDelivery,
  payableAccount,
  type Json,
} from "./support";

const stripe = sandboxStripe();
/** Waits for a state the sandbox reaches in the background (no sleeps); generous for a busy runner. */
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;
const eventIdOf = (delivery: Delivery) => (JSON.parse(delivery.body) as { id: string }).id;

/** The sandbox's stored event row, bookkeeping included (what no API answer shows). */
const storedEvent = async (id: string) => {
  const row = await env.DB.prepare("SELECT data FROM sandbox_objects WHERE id = ? AND object = 'event'").bind(id).first<{ data: string }>();
  return JSON.parse(row!.data) as Json;
};

/** A customer made through a call whose first delivery attempt has run when it returns, and its event. */
async function customerWithEvent(email: string) {
  const created = await settledCall("POST", "/v1/customers", { email });
  expect(created.status, created.text).toBe(200);
  const [event] = await eventsFor(stripe, created.json.id as string);
  expect(event).toMatchObject({ type: "customer.created" });
  return { customer: created.json, event: event! };
}

afterEach(async () => {
  expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "false" })).status).toBe(200);
});

describe("events", () => {
  it("signs like Stripe: the SDK verifies a good signature and refuses a wrong secret or a stale timestamp", async () => {
    const secret = env.STRIPE_WEBHOOK_SECRET;
    const provider = Stripe.createSubtleCryptoProvider();
    const payload = JSON.stringify({ id: "evt_signed", object: "event", type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } });
    const now = Math.floor(Date.now() / 1000);
    const header = await signWebhookPayload(payload, secret, now);
    expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    const event = await Stripe.webhooks.constructEventAsync(payload, header, secret, undefined, provider);
    expect(event.id).toBe("evt_signed");
    await expect(Stripe.webhooks.constructEventAsync(payload, header, "whsec_wrong", undefined, provider)).rejects.toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = await signWebhookPayload(payload, secret, now - 600);
    await expect(Stripe.webhooks.constructEventAsync(payload, stale, secret, undefined, provider)).rejects.toThrow(/tolerance/);
    expect(await signWebhookPayload(payload, secret, now)).toBe(header);
  });

  it("records every state change as an event: listed in the account's default API version, POSTed in the SDK's pinned one", async () => {
    // https://docs.stripe.com/api/events/object: `api_version` is the version the event was rendered
    // in. The API lists and retrieves an event as the account's default version rendered it when it
    // was created (https://docs.stripe.com/api/events/list); an endpoint gets it in its own version,
    // the one the product's SDK pins.
    const customer = await stripe.customers.create({ email: uniqueEmail("version") });
    const intent = await stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id, payment_method: "pm_card_visa", confirm: true });
    expect(intent.status).toBe("succeeded");
    const events = [...(await eventsFor(stripe, customer.id)), ...(await eventsFor(stripe, intent.id))];
    expect(events.map((e) => e.type).sort()).toEqual(["customer.created", "payment_intent.created", "payment_intent.succeeded"]);
    for (const event of events) {
      expect(event).toMatchObject({ object: "event", api_version: ACCOUNT_DEFAULT_API_VERSION, livemode: false });
      expect(event.id).toMatch(/^evt_/);
      expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, api_version: ACCOUNT_DEFAULT_API_VERSION });
    }
    const [succeeded] = events.filter((e) => e.type === "payment_intent.succeeded");
    expect(succeeded!.data.object).toMatchObject({ id: intent.id, status: "succeeded" });

    // What is POSTed is in the same version.
    await eventually(async () => expect([(await deliveriesAbout(customer.id)).length, (await deliveriesAbout(intent.id)).length]).toEqual([1, 2]));
    for (const delivery of [...(await deliveriesAbout(customer.id)), ...(await deliveriesAbout(intent.id))]) {
      expect(JSON.parse(delivery.body)).toMatchObject({ api_version: Stripe.API_VERSION });
    }
  });

  it("delivers a request's events in the background once it has answered, signed for the platform endpoint", async () => {
    const customer = await stripe.customers.create({ email: uniqueEmail("background") });
    const [event] = await eventsFor(stripe, customer.id);
    expect(event).toMatchObject({ type: "customer.created" });

    await eventually(async () => expect(await deliveriesOf(event!.id)).toHaveLength(1));
    const [delivery] = await deliveriesOf(event!.id);
    expect(delivery).toMatchObject({ path: PLATFORM_ENDPOINT, status: 200 });
    const verified = await verifyDelivery(delivery!, env.STRIPE_WEBHOOK_SECRET);
    expect(verified).toMatchObject({ id: event!.id, type: "customer.created", data: { object: { id: customer.id, email: customer.email } } });
    await expect(verifyDelivery(delivery!, env.STRIPE_CONNECT_WEBHOOK_SECRET)).rejects.toThrow(Stripe.errors.StripeSignatureVerificationError);

    // Accepted (2xx): no longer pending, and the payload was the event as the API shows it, with the
    // count of endpoints still to receive it at the time it was sent.
    await eventually(async () => expect((await stripe.events.retrieve(event!.id)).pending_webhooks).toBe(0));
    expect(JSON.parse(delivery!.body)).toEqual({ ...(await stripe.events.retrieve(event!.id)), api_version: Stripe.API_VERSION, pending_webhooks: 1 });
  });

  it("keeps events pending while the endpoint is out of reach and delivers them on demand, oldest first", async () => {
    expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "true" })).json).toMatchObject({ paused: true });
    const customer = await stripe.customers.create({ email: uniqueEmail("on-demand") });
    const intent = await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id, payment_method: "pm_card_visa", confirm: true });
    const ours = (await stripe.events.list({ delivery_success: false, limit: 100 })).data.filter((e) =>
      [customer.id, intent.id].includes((e.data.object as { id: string }).id),
    );
    expect(ours.map((e) => e.type)).toEqual(["payment_intent.succeeded", "payment_intent.created", "customer.created"]);
    expect(ours.every((e) => e.pending_webhooks === 1)).toBe(true);
    expect(await stripe.events.retrieve(ours[0]!.id)).toEqual(ours[0]);
    // Paused: the background delivery of those requests sent nothing (each checks before sending;
    // one more settled call proves the due-retry pass sends nothing either).
    await settledCall("GET", `/v1/customers/${customer.id}`);
    expect([...(await deliveriesAbout(customer.id)), ...(await deliveriesAbout(intent.id))]).toEqual([]);

    const delivered = await call("POST", "/v1/test_helpers/deliver_events");
    expect(delivered.status).toBe(200);
    expect(delivered.json).toMatchObject({ failed: 0 });
    expect(delivered.json.delivered).toBeGreaterThanOrEqual(ours.length);
    const sent = (await deliveries()).filter((d) => ours.some((e) => e.id === eventIdOf(d)));
    expect(sent.map(eventIdOf)).toEqual(ours.map((e) => e.id).reverse());
    for (const delivery of sent) {
      expect(delivery).toMatchObject({ path: PLATFORM_ENDPOINT, status: 200 });
      await verifyDelivery(delivery, env.STRIPE_WEBHOOK_SECRET);
    }
    for (const event of ours) expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
    expect((await stripe.events.list({ delivery_success: false, limit: 100 })).data.filter((e) => ours.some((o) => o.id === e.id))).toEqual([]);
  });

  it("stores an event without sending it when no enabled endpoint asked for its type", async () => {
    const endpoints = (await stripe.webhookEndpoints.list({ limit: 100 })).data;
    for (const endpoint of endpoints) await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
    try {
      const customer = await stripe.customers.create({ email: uniqueEmail("nobody-listens") });
      const [created] = await eventsFor(stripe, customer.id);
      expect(created).toMatchObject({ type: "customer.created", pending_webhooks: 0 });
      expect((await call("POST", "/v1/test_helpers/deliver_events")).json).toEqual({ delivered: 0, failed: 0 });
      await settledCall("GET", `/v1/customers/${customer.id}`);
      expect(await deliveriesAbout(customer.id)).toEqual([]);
    } finally {
      for (const endpoint of endpoints) await stripe.webhookEndpoints.update(endpoint.id, { disabled: false });
    }
  });
});

describe("unordered delivery, as Stripe promises neither order nor one delivery", () => {
  // https://docs.stripe.com/webhooks#event-ordering and #handle-duplicate-events.
  it("sends a request's events shuffled, each twice, all at once; every one ends delivered", async () => {
    expect((await call("POST", "/v1/test_helpers/webhooks", { delivery: "unordered" })).json).toMatchObject({ delivery: "unordered" });
    try {
      const customer = await stripe.customers.create({ email: uniqueEmail("unordered") });
      const intent = await settledCall("POST", "/v1/payment_intents", {
        amount: "2500",
        currency: "usd",
        customer: customer.id,
        payment_method: "pm_card_visa",
        confirm: "true",
      });
      expect(intent.status, intent.text).toBe(200);
      const events = await eventsFor(stripe, intent.json.id as string);
      expect(events.map((e) => e.type).sort()).toEqual(["payment_intent.created", "payment_intent.succeeded"]);
      const sent = await deliveriesAbout(intent.json.id as string);
      // Each event twice: both copies sent, the second whether or not the first was taken.
      expect(sent.map(eventIdOf).sort()).toEqual([...events.map((e) => e.id), ...events.map((e) => e.id)].sort());
      for (const delivery of sent) await verifyDelivery(delivery, env.STRIPE_WEBHOOK_SECRET);
      for (const event of events) expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
    } finally {
      expect((await call("POST", "/v1/test_helpers/webhooks", { delivery: "in_order" })).json).toMatchObject({ delivery: "in_order" });
    }
  });
});

describe("webhook endpoints, as Stripe keeps them", () => {
  // https://docs.stripe.com/api/webhook_endpoints: an endpoint receives the types it was created or
  // updated with, in the version it was created with; its secret is shown once.
  const extraUrl = `${PRODUCT_ORIGIN}/api/webhooks/stripe-extra`;

  it("sends an event only to the endpoints that asked for its type, each signed with its own secret", async () => {
    const extra = await stripe.webhookEndpoints.create({ url: extraUrl, enabled_events: ["customer.updated"], api_version: Stripe.API_VERSION });
    try {
      expect(extra).toMatchObject({
        object: "webhook_endpoint",
        url: extraUrl,
        enabled_events: ["customer.updated"],
        status: "enabled",
        api_version: Stripe.API_VERSION,
      });
      expect(extra.secret).toBe(env.STRIPE_WEBHOOK_SECRET);
      // Held back (paused), so the counts are read before any delivery.
      expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
      const customer = await stripe.customers.create({ email: uniqueEmail("subscribed") });
      await stripe.customers.update(customer.id, { name: "Subscribed" });
      const events = await eventsFor(stripe, customer.id);
      expect(events.map((e) => [e.type, e.pending_webhooks])).toEqual([
        ["customer.updated", 2],
        ["customer.created", 1],
      ]);
      // Undelivered, however many endpoints still wait for it.
      expect((await stripe.events.list({ delivery_success: false, limit: 100 })).data.map((e) => e.id)).toEqual(
        expect.arrayContaining(events.map((e) => e.id)),
      );
      expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "false" })).status).toBe(200);
      expect((await call("POST", "/v1/test_helpers/deliver_events")).json).toMatchObject({ failed: 0 });
      expect(await deliveriesAbout(customer.id)).toHaveLength(3);
      const sent = (await deliveriesAbout(customer.id)).map((d) => [d.path, (JSON.parse(d.body) as { type: string }).type]);
      expect(sent.sort()).toEqual([
        ["/api/webhooks/stripe", "customer.created"],
        ["/api/webhooks/stripe", "customer.updated"],
        ["/api/webhooks/stripe-extra", "customer.updated"],
      ]);
      // Updating the list changes what arrives from then on; the secret is never shown again.
      const updated = await stripe.webhookEndpoints.update(extra.id, { enabled_events: ["customer.deleted"] });
      expect(updated).toMatchObject({ enabled_events: ["customer.deleted"] });
      expect(updated.secret).toBeUndefined();
      expect((await stripe.webhookEndpoints.retrieve(extra.id)).secret).toBeUndefined();
      expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
      await stripe.customers.update(customer.id, { name: "Subscribed again" });
      const [again] = await eventsFor(stripe, customer.id);
      expect(again).toMatchObject({ type: "customer.updated", pending_webhooks: 1 });
    } finally {
      expect(await stripe.webhookEndpoints.del(extra.id)).toEqual({ id: extra.id, object: "webhook_endpoint", deleted: true });
    }
    expect(await stripeError(stripe.webhookEndpoints.retrieve(extra.id))).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("sends an endpoint created without a version its events in the account's default version", async () => {
    const unversioned = await stripe.webhookEndpoints.create({ url: extraUrl, enabled_events: ["customer.created"] });
    try {
      expect(unversioned.api_version).toBeNull();
      const customer = await stripe.customers.create({ email: uniqueEmail("unversioned") });
      await eventually(async () => expect(await deliveriesAbout(customer.id)).toHaveLength(2));
      const versions = Object.fromEntries(
        (await deliveriesAbout(customer.id)).map((d) => [d.path, (JSON.parse(d.body) as { api_version: string }).api_version]),
      );
      expect(versions).toEqual({ "/api/webhooks/stripe": Stripe.API_VERSION, "/api/webhooks/stripe-extra": ACCOUNT_DEFAULT_API_VERSION });
    } finally {
      await stripe.webhookEndpoints.del(unversioned.id);
    }
  });

  it("refuses what Stripe refuses: no event types, an unknown type, a URL without a scheme, a version on update", async () => {
    expect(await stripeError(stripe.webhookEndpoints.create({ url: extraUrl, enabled_events: [] }))).toMatchObject({
      statusCode: 400,
      param: "enabled_events",
    });
    expect(
      await stripeError(
        stripe.webhookEndpoints.create({ url: extraUrl, enabled_events: ["payment_intent.succeded" as Stripe.WebhookEndpointCreateParams.EnabledEvent] }),
      ),
    ).toMatchObject({ statusCode: 400, param: "enabled_events[0]" });
    expect(await stripeError(stripe.webhookEndpoints.create({ url: "jplay.test/hooks", enabled_events: ["*"] }))).toMatchObject({
      statusCode: 400,
      param: "url",
    });
    const [platform] = (await stripe.webhookEndpoints.list({ limit: 100 })).data;
    const update = await call("POST", `/v1/webhook_endpoints/${platform!.id}`, { api_version: "2024-12-18.acacia" });
    expect(update.status).toBe(400);
    expect(update.json.error).toMatchObject({ code: "parameter_unknown", param: "api_version" });
  });
});

describe("two endpoints, as a Connect platform has them", () => {
  // https://docs.stripe.com/connect/webhooks: events on connected accounts go to the platform's
  // Connect endpoint and carry `account`; the platform's own events go to its account endpoint.
  it("sends account.updated (onboarding, an update) only to the Connect endpoint, with `account`, signed with the Connect secret", async () => {
    const account = await stripe.accounts.create({
      type: "express",
      country: "US",
      business_type: "individual",
      capabilities: { transfers: { requested: true } },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: `${PRODUCT_ORIGIN}/r`,
      return_url: `${PRODUCT_ORIGIN}/done`,
    });
    // The link is on the product's pass-through; the sandbox itself serves the page at /connect/onboarding/…
    const onboarding = await exports.default.fetch(
      new Request(`${SANDBOX_ORIGIN}${link.url.replace(/^\/api\/stripe-sandbox/, "")}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card_number: "4000 0566 5566 5556" }).toString(),
      }),
    );
    expect(onboarding.status).toBe(303);
    await stripe.accounts.update(account.id, { metadata: { artistId: "artist-7" } });

    const events = await eventsFor(stripe, account.id);
    expect(events.map((e) => e.type)).toEqual(["account.updated", "account.updated"]);
    for (const event of events) expect(event.account).toBe(account.id);

    await eventually(async () => expect(await deliveriesAbout(account.id)).toHaveLength(2));
    const sent = await deliveriesAbout(account.id);
    expect(sent.map(eventIdOf).sort()).toEqual(events.map((e) => e.id).sort());
    for (const delivery of sent) {
      expect(delivery).toMatchObject({ path: CONNECT_ENDPOINT, status: 200 });
      const verified = await verifyDelivery(delivery, env.STRIPE_CONNECT_WEBHOOK_SECRET);
      expect(verified).toMatchObject({ type: "account.updated", account: account.id });
      await expect(verifyDelivery(delivery, env.STRIPE_WEBHOOK_SECRET)).rejects.toThrow(Stripe.errors.StripeSignatureVerificationError);
    }
    // Delivered (so no further attempt can go elsewhere), and never to the platform endpoint.
    await eventually(async () => {
      for (const event of events) expect((await stripe.events.retrieve(event.id, {}, { stripeAccount: account.id })).pending_webhooks).toBe(0);
    });
    expect((await deliveriesAbout(account.id)).filter((d) => d.path !== CONNECT_ENDPOINT)).toEqual([]);
  });

  it("lists a connected account's events only as that account (Stripe-Account); the platform's own list and retrieve never show them", async () => {
    // https://docs.stripe.com/connect/webhooks: the connected account owns them.
    const account = await stripe.accounts.create({
      type: "express",
      country: "US",
      business_type: "individual",
      capabilities: { transfers: { requested: true } },
    });
    await stripe.accounts.update(account.id, { metadata: { artistId: "artist-listed" } });
    const asAccount = { stripeAccount: account.id };
    const [updated] = (await stripe.events.list({ type: "account.updated", limit: 100 }, asAccount)).data;
    expect(updated).toMatchObject({ type: "account.updated", account: account.id, data: { object: { id: account.id } } });
    expect(await stripe.events.retrieve(updated!.id, {}, asAccount)).toMatchObject({ id: updated!.id });
    const created = Math.min(updated!.created, Math.floor(Date.now() / 1000));
    expect((await stripe.events.list({ created: { gte: created - 60 }, limit: 100 }, asAccount)).data.map((e) => e.id)).toContain(updated!.id);

    const platform = (await stripe.events.list({ limit: 100 })).data;
    expect(platform.filter((e) => e.account)).toEqual([]);
    expect(await stripeError(stripe.events.retrieve(updated!.id))).toMatchObject({ statusCode: 404, code: "resource_missing" });
    // Only the platform's connected accounts, and only for what the sandbox models (reading events).
    expect(await stripeError(stripe.events.list({}, { stripeAccount: "acct_unknown" }))).toMatchObject({ statusCode: 403 });
    expect(await stripeError(stripe.customers.create({}, asAccount))).toMatchObject({ statusCode: 400 });
  });

  it("never sends a platform event to the Connect endpoint, even one about a connected account's money", async () => {
    const account = await payableAccount(stripe);
    const customer = await stripe.customers.create({ email: uniqueEmail("platform") });
    // Funds for the transfer, available at once (Stripe's "bypass pending" test card).
    await stripe.paymentIntents.create({ amount: 1000, currency: "usd", payment_method: "pm_card_bypassPending", confirm: true });
    // A transfer is the platform's object (https://docs.stripe.com/api/transfers): transfer.created is a platform event.
    const transfer = await stripe.transfers.create({ amount: 500, currency: "usd", destination: account.id });
    const events = [...(await eventsFor(stripe, customer.id)), ...(await eventsFor(stripe, transfer.id))];
    expect(events.map((e) => e.type).sort()).toEqual(["customer.created", "transfer.created"]);
    for (const event of events) expect(event.account).toBeUndefined();

    await eventually(async () => {
      for (const event of events) expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
    });
    const sent = (await deliveries()).filter((d) => events.some((e) => e.id === eventIdOf(d)));
    expect(sent.map((d) => d.path)).toEqual([PLATFORM_ENDPOINT, PLATFORM_ENDPOINT]);
    for (const delivery of sent) {
      expect(JSON.parse(delivery.body)).not.toHaveProperty("account");
      await verifyDelivery(delivery, env.STRIPE_WEBHOOK_SECRET);
      await expect(verifyDelivery(delivery, env.STRIPE_CONNECT_WEBHOOK_SECRET)).rejects.toThrow(Stripe.errors.StripeSignatureVerificationError);
    }
    // Whatever else this file sent to the Connect endpoint was an event on a connected account.
    for (const delivery of (await deliveries()).filter((d) => d.path === CONNECT_ENDPOINT)) {
      expect(JSON.parse(delivery.body)).toMatchObject({ account: expect.stringMatching(/^acct_/) });
    }
  });
});

describe("retries, as test mode does them", () => {
  // https://docs.stripe.com/webhooks#retries: in test mode Stripe retries three times over a few
  // hours, then stops; undelivered events stay listable (`delivery_success=false`).
  it("retries a failed delivery only once the clock passes the first retry delay, and not again once it is accepted", async () => {
    const email = uniqueEmail("retry-once");
    await failNextDeliveries(1, email);
    const { event } = await customerWithEvent(email);
    expect((await deliveriesOf(event.id)).map((d) => d.status)).toEqual([500]);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ pending_webhooks: 1 });
    expect((await stripe.events.list({ delivery_success: false, limit: 100 })).data.map((e) => e.id)).toContain(event.id);

    await advanceClock(RETRY_DELAYS_SECONDS[0] / 2);
    expect((await deliveriesOf(event.id)).map((d) => d.status)).toEqual([500]);

    await advanceClock(RETRY_DELAYS_SECONDS[0] / 2 + 1);
    const attempts = await deliveriesOf(event.id);
    expect(attempts.map((d) => d.status)).toEqual([500, 200]);
    await verifyDelivery(attempts[1]!, env.STRIPE_WEBHOOK_SECRET);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ pending_webhooks: 0 });

    await advanceClock(RETRY_DELAYS_SECONDS[1] + RETRY_DELAYS_SECONDS[2] + 24 * 60 * 60);
    expect(await deliveriesOf(event.id)).toHaveLength(2);
  });

  it("gives up after three retries, each after its delay, leaving the event listable as undelivered; deliver_events still resends it", async () => {
    const email = uniqueEmail("retry-spent");
    await failNextDeliveries(100, email);
    const { event } = await customerWithEvent(email);
    expect(await deliveriesOf(event.id)).toHaveLength(1);

    for (const [retry, delay] of RETRY_DELAYS_SECONDS.entries()) {
      await advanceClock(delay / 2);
      expect(await deliveriesOf(event.id), `before retry ${retry + 1}`).toHaveLength(retry + 1);
      await advanceClock(delay / 2 + 1);
      expect(await deliveriesOf(event.id), `retry ${retry + 1}`).toHaveLength(retry + 2);
    }
    const attempts = await deliveriesOf(event.id);
    expect(attempts.map((d) => d.status)).toEqual([500, 500, 500, 500]);
    for (const attempt of attempts) await verifyDelivery(attempt, env.STRIPE_WEBHOOK_SECRET);

    // Spent: no more attempts however long it waits; the product must find it by listing.
    await advanceClock(90 * 24 * 60 * 60);
    await advanceClock(90 * 24 * 60 * 60);
    expect(await deliveriesOf(event.id)).toHaveLength(4);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ pending_webhooks: 1 });
    expect((await stripe.events.list({ delivery_success: false, limit: 100 })).data.map((e) => e.id)).toContain(event.id);

    // The endpoint is back; a resend on request goes through.
    await clearDeliveries();
    expect((await call("POST", "/v1/test_helpers/deliver_events")).json).toMatchObject({ failed: 0 });
    expect((await deliveriesOf(event.id)).map((d) => [d.path, d.status])).toEqual([[PLATFORM_ENDPOINT, 200]]);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ pending_webhooks: 0 });
  });

  it("an endpoint out of reach (paused): each automatic attempt fails and counts, and after the last retry Stripe gives up", async () => {
    expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
    const { event } = await customerWithEvent(uniqueEmail("unreachable"));
    expect((await storedEvent(event.id)).delivery).toMatchObject({ attempts: 1, next_attempt_at: expect.any(Number) });
    for (const delay of RETRY_DELAYS_SECONDS) {
      // The retries due by the new time have run (here: failed) when advance_clock answers.
      const moved = await call("POST", "/v1/test_helpers/advance_clock", { seconds: String(delay + 1) });
      expect(moved.json.retries.failed).toBeGreaterThanOrEqual(1);
    }
    expect((await storedEvent(event.id)).delivery).toEqual({ attempts: 4, next_attempt_at: null });
    expect(await deliveriesOf(event.id)).toEqual([]);

    // Back in reach: a given-up event is never sent on its own again; it stays listable as undelivered.
    expect((await call("POST", "/v1/test_helpers/webhooks", { paused: "false" })).status).toBe(200);
    await advanceClock(24 * 60 * 60);
    expect(await deliveriesOf(event.id)).toEqual([]);
    expect((await stripe.events.list({ delivery_success: false, limit: 100 })).data.map((e) => e.id)).toContain(event.id);
  });

  it("never shows its delivery bookkeeping: not in GET /v1/events, not in a retried payload", async () => {
    const email = uniqueEmail("bookkeeping");
    await failNextDeliveries(1, email);
    const { event } = await customerWithEvent(email);
    // The sandbox did record the failed attempt on the event's row…
    expect((await storedEvent(event.id)).delivery).toMatchObject({ attempts: 1, next_attempt_at: expect.any(Number) });

    // …but Stripe's event object has no such field.
    const retrieved = await call("GET", `/v1/events/${event.id}`);
    expect(retrieved.json).not.toHaveProperty("delivery");
    expect(retrieved.json).toMatchObject({ id: event.id, pending_webhooks: 1 });
    const listed = await call("GET", "/v1/events", { limit: "100" });
    expect(listed.json.data.map((e: { id: string }) => e.id)).toContain(event.id);
    for (const shown of listed.json.data as object[]) expect(shown).not.toHaveProperty("delivery");
    const undelivered = await call("GET", "/v1/events", { delivery_success: "false", limit: "100" });
    expect(undelivered.json.data.map((e: { id: string }) => e.id)).toContain(event.id);
    for (const shown of undelivered.json.data as object[]) expect(shown).not.toHaveProperty("delivery");

    await advanceClock(RETRY_DELAYS_SECONDS[0] + 1);
    const [first, retry] = await deliveriesOf(event.id);
    expect(retry).toMatchObject({ status: 200 });
    for (const delivery of [first!, retry!]) expect(JSON.parse(delivery.body)).not.toHaveProperty("delivery");
    // The endpoint's copy is in the SDK's version; the API shows the account's default.
    expect(JSON.parse(retry!.body)).toEqual({ ...(await stripe.events.retrieve(event.id)), api_version: Stripe.API_VERSION, pending_webhooks: 1 });
  });
});

describe("finding the deliveries that came due", () => {
  it("reads only the events still to deliver (the partial index), not every event ever sent", async () => {
    // After every request the sandbox looks for due retries: over a payout run's 90,000 Transfers a
    // look that read every event made the run slower with each payout.
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${DUE_RETRIES_SQL}`).bind(60, 0, 50).all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join("\n")).toContain("USING INDEX sandbox_objects_pending_events_idx");
  });
});
