/**
 * POST /api/webhooks/stripe-connect: Stripe's Connect endpoint, which receives events that happen on
 * the artists' connected accounts (`account.updated`: payouts enabled or disabled; `payout.failed` and
 * `payout.paid`: whether the artist's payout reached their debit card). Stripe signs a Connect
 * endpoint with its own secret (STRIPE_CONNECT_WEBHOOK_SECRET, a comma-separated list:
 * signed-event.ts), so it is a route of its own.
 * Each event id is claimed once, like the platform endpoint; other event types are acknowledged.
 * https://docs.stripe.com/connect/webhooks
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../../../platform/env";
import { stripeReady } from "../../../platform/context";
import { refuseOtherApiVersion } from "../../../platform/stripe-api-version";
import { applyAccountUpdatedEvent, applyConnectPayout } from "../../../ledger/index";
import type { Ctx } from "../../../platform/context";
import { recordStripeEvent, stripeEventApplied } from "../../webhooks/stripe-events";
import type { ConnectEventType } from "../../webhooks/webhook-endpoints";
import { otherMode, signedEvent, webhookSecrets } from "./signed-event";

/** One handler per type of the Connect endpoint's list (payments/webhooks/webhook-endpoints.ts). */
const connectHandlers: Record<ConnectEventType, (ctx: Ctx, event: Stripe.Event) => Promise<unknown>> = {
  "account.updated": (ctx, event) => applyAccountUpdatedEvent(stripeReady(ctx), event.data.object as Stripe.Account),
  // The artist's payout to their debit card: arrived, or sent back by the bank (docs/decisions/094).
  "payout.failed": (ctx, event) => applyConnectPayout(ctx, event.account, event.data.object as Stripe.Payout),
  "payout.paid": (ctx, event) => applyConnectPayout(ctx, event.account, event.data.object as Stripe.Payout),
};

/** The Connect event types handled, read from the handlers (a test compares them with the endpoint's list). */
export const HANDLED_CONNECT_EVENT_TYPES = Object.keys(connectHandlers);

const isHandled = (type: string): type is ConnectEventType => Object.hasOwn(connectHandlers, type);

export const stripeConnectWebhookRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const event = await signedEvent(c.req.raw, webhookSecrets(c.env, "STRIPE_CONNECT_WEBHOOK_SECRET"));
  // Stripe sends a live Connect endpoint the connected accounts' test events too: acknowledged, nothing written.
  if (otherMode(c.env, event, "stripe-connect")) return c.json({ received: true, ignored: "other_mode" });
  refuseOtherApiVersion(event, "stripe-connect");
  const ctx = c.var.ctx;
  if (await stripeEventApplied(ctx, event.id)) return c.json({ received: true, duplicate: true });
  // A failure here answers 500 with nothing recorded, so Stripe delivers the event again.
  if (isHandled(event.type)) await connectHandlers[event.type](ctx, event);
  await recordStripeEvent(ctx, event);
  return c.json({ received: true });
});
