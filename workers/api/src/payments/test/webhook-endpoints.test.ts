/**
 * The product's Stripe webhook endpoints, made from its own list (src/payments/webhooks/webhook-endpoints.ts)
 * in the sandbox, which, as Stripe, sends an endpoint only the event types it was made with, in its
 * API version. Proves: every type a webhook handles is on its endpoint's list; the sync makes the
 * endpoints in the SDK's version and is idempotent; an endpoint subscribed to the types the product
 * used to document (none of them refunds) never receives a refund's failure, and the sync mends it,
 * after which the failure reaches the product; an endpoint in another release is replaced beside the
 * old one, the new one disabled until the settings hold its secret, then enabled and the old one deleted.
 * It changes the endpoints; the next file's setup makes them again (test/world/setup-world.ts).
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { HANDLED_PLATFORM_EVENT_TYPES } from "../webhooks/stripe-events";
import { HANDLED_CONNECT_EVENT_TYPES } from "../routes/webhooks/stripe-connect";
import { CONNECT_EVENT_TYPES, PLATFORM_EVENT_TYPES, WEBHOOK_ENDPOINTS, syncWebhookEndpoints } from "../webhooks/webhook-endpoints";
import { createStripe } from "../../platform/stripe-client";
import { SITE_ORIGIN } from "../../../test/admin-support";
import { sandboxAdmin } from "../../../test/payment-support";

const stripe = createStripe(env);
const sync = () => syncWebhookEndpoints(stripe, SITE_ORIGIN, Stripe.API_VERSION);
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

/** The types the product's documentation subscribed the platform endpoint to before this list existed. */
const DOCUMENTED_BEFORE = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "setup_intent.setup_failed",
] as const;

const productEndpoints = async () => (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter((endpoint) => endpoint.url.startsWith(SITE_ORIGIN));
const endpointNamed = async (name: string) => (await productEndpoints()).find((endpoint) => endpoint.metadata.jplay_endpoint === name)!;
const stillThere = async (id: string) => (await stripe.webhookEndpoints.list({ limit: 100 })).data.some((endpoint) => endpoint.id === id);
const recorded = async (eventId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(eventId).first<{ n: number }>())!.n;

/** A refund on the card whose refunds fail an hour later (…5126), failed by moving the sandbox's clock; its failure events. */
async function failedRefundEvents(): Promise<Stripe.Event[]> {
  const intent = await stripe.paymentIntents.create({ amount: 1500, currency: "usd", payment_method: "pm_card_refundFail", confirm: true });
  expect(intent.status).toBe("succeeded");
  const refund = await stripe.refunds.create({ payment_intent: intent.id });
  expect((await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: String(2 * 60 * 60) })).status).toBe(200);
  // The failure comes due before the next call (the sandbox has no timer).
  expect((await stripe.refunds.retrieve(refund.id)).status).toBe("failed");
  const events = (await stripe.events.list({ limit: 100 })).data.filter((event) => (event.data.object as { id?: string }).id === refund.id);
  return events.filter((event) => event.type !== "refund.created");
}

describe("the product's Stripe webhook endpoints", () => {
  it("list every event type a webhook handles, and only those", () => {
    expect([...HANDLED_PLATFORM_EVENT_TYPES].sort()).toEqual([...PLATFORM_EVENT_TYPES].sort());
    expect([...HANDLED_CONNECT_EVENT_TYPES].sort()).toEqual([...CONNECT_EVENT_TYPES].sort());
    // The refunds a rejection sends can fail days later: their events must be on the list.
    expect(PLATFORM_EVENT_TYPES).toEqual(expect.arrayContaining(["refund.updated", "charge.refund.updated", "refund.failed"]));
  });

  it("are made in the SDK's API version, each with its list, platform and Connect apart; a second sync changes nothing", async () => {
    const endpoints = await productEndpoints();
    expect(endpoints).toHaveLength(2);
    for (const spec of WEBHOOK_ENDPOINTS) {
      const endpoint = endpoints.find((found) => found.metadata.jplay_endpoint === spec.name)!;
      expect(endpoint).toMatchObject({ url: `${SITE_ORIGIN}${spec.path}`, api_version: Stripe.API_VERSION, status: "enabled" });
      expect([...endpoint.enabled_events].sort()).toEqual([...spec.events].sort());
    }
    expect((await sync()).map((synced) => synced.action.kind)).toEqual(["unchanged", "unchanged"]);
  });

  it("mend an endpoint subscribed to the old documented list: a refund's failure never arrived, and does once synced", async () => {
    const platform = await endpointNamed("platform");
    await stripe.webhookEndpoints.update(platform.id, { enabled_events: [...DOCUMENTED_BEFORE] });
    const connect = await endpointNamed("connect");
    await stripe.webhookEndpoints.update(connect.id, { disabled: true });

    const missed = await failedRefundEvents();
    expect(missed.map((event) => event.type).sort()).toEqual(["charge.refund.updated", "refund.failed", "refund.updated"]);
    for (const event of missed) expect(event.pending_webhooks).toBe(0);

    const synced = await sync();
    expect(synced.map((entry) => entry.action)).toEqual([
      expect.objectContaining({
        kind: "updated",
        added: [
          "invoice.payment_action_required",
          "refund.created",
          "refund.updated",
          "charge.refund.updated",
          "refund.failed",
          "transfer.reversed",
          "charge.dispute.created",
          "charge.dispute.funds_withdrawn",
          "charge.dispute.updated",
          "charge.dispute.closed",
          "charge.dispute.funds_reinstated",
          "radar.early_fraud_warning.created",
        ],
        removed: [],
        enabled: false,
      }),
      expect.objectContaining({ kind: "updated", added: [], removed: [], enabled: true }),
    ]);
    expect((await endpointNamed("connect")).status).toBe("enabled");

    const arriving = await failedRefundEvents();
    expect(arriving).toHaveLength(3);
    for (const event of arriving) await eventually(async () => expect(await recorded(event.id)).toBe(1));
    for (const event of missed) expect(await recorded(event.id)).toBe(0);
  });

  it("replace an endpoint of another API release beside it, disabled until the settings hold its secret, then the old one deleted", async () => {
    const platform = await endpointNamed("platform");
    await stripe.webhookEndpoints.del(platform.id);
    const stale = await stripe.webhookEndpoints.create({
      url: `${SITE_ORIGIN}/api/webhooks/stripe`,
      enabled_events: [...PLATFORM_EVENT_TYPES],
      api_version: "2024-12-18.acacia",
      metadata: { jplay_endpoint: "platform" },
    });
    const [replaced] = await sync();
    expect(replaced!.action).toMatchObject({ kind: "replaced", stale: { id: stale.id }, created: { api_version: Stripe.API_VERSION, status: "disabled" } });
    if (replaced!.action.kind !== "replaced") return;
    const created = replaced!.action.created;
    // The sandbox issues the secret the product's settings hold, as docs/deployment.md has operators copy it.
    expect(replaced!.action.secret).toBe(env.STRIPE_WEBHOOK_SECRET);
    // Stripe's own copy says disabled: no event is signed with a secret the product does not hold yet.
    expect((await stripe.webhookEndpoints.retrieve(created.id)).status).toBe("disabled");

    // Settings without its secret (the old one only): it keeps waiting, the old endpoint still sends.
    const waiting = await syncWebhookEndpoints(stripe, SITE_ORIGIN, Stripe.API_VERSION, { STRIPE_WEBHOOK_SECRET: "whsec_the_old_endpoints" });
    expect(waiting[0]!.action).toMatchObject({ kind: "pending", endpoint: { id: created.id }, stale: [{ id: stale.id }] });
    expect(await stillThere(stale.id)).toBe(true);

    // Both secrets listed: the new one is enabled and the old one deleted.
    const settings = { STRIPE_WEBHOOK_SECRET: `whsec_the_old_endpoints,${env.STRIPE_WEBHOOK_SECRET}` };
    const switched = await syncWebhookEndpoints(stripe, SITE_ORIGIN, Stripe.API_VERSION, settings);
    expect(switched.map((synced) => synced.action)).toEqual([
      expect.objectContaining({ kind: "switched", endpoint: expect.objectContaining({ id: created.id, status: "enabled" }), deleted: [stale.id] }),
      expect.objectContaining({ kind: "unchanged" }),
    ]);
    expect(await stillThere(stale.id)).toBe(false);
    expect((await endpointNamed("platform")).metadata.jplay_secret_digest).toBeUndefined();
    expect((await sync()).map((synced) => synced.action.kind)).toEqual(["unchanged", "unchanged"]);
  });
});
