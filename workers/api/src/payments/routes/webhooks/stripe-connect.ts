/**
 * POST /api/webhooks/stripe-connect: Stripe's Connect endpoint, which receives events that happen on
 * the artists' connected accounts (`account.updated`: payouts enabled or disabled; `payout.failed` and
 * `payout.paid`: whether the artist's payout reached their debit card). Stripe signs a
 * Connect endpoint with its own secret (STRIPE_CONNECT_WEBHOOK_SECRET), so it is a route of its own.
 * Each event id is claimed once, like the platform endpoint; other event types are acknowledged.
 * https://docs.stripe.com/connect/webhooks
 */
import { Hono } from "hono";
import Stripe from "stripe";
import type { AppEnv } from "../../../platform/env";
import { stripeReady } from "../../../platform/context";
import { AppError } from "../../../platform/errors";
import { refuseOtherApiVersion } from "../../../platform/stripe-api-version";
import { applyAccountUpdatedEvent, applyConnectPayout } from "../../../ledger/index";
import type { Ctx } from "../../../platform/context";
import { recordStripeEvent, stripeEventApplied } from "../../stripe-events";
import type { ConnectEventType } from "../../webhook-endpoints";

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** One handler per type of the Connect endpoint's list (webhook-endpoints.ts). */
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
  const secret = c.env.STRIPE_CONNECT_WEBHOOK_SECRET;
  if (!secret) throw new AppError(503, "webhooks_unconfigured", "STRIPE_CONNECT_WEBHOOK_SECRET is not configured");
  const signature = c.req.header("Stripe-Signature");
  if (!signature) throw new AppError(400, "invalid_signature", "Missing Stripe-Signature header");
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, cryptoProvider);
  } catch {
    throw new AppError(400, "invalid_signature", "Webhook signature verification failed");
  }

  // Stripe's SDK reads any JSON the secret signed as the event: one that is not an object is refused, not dereferenced.
  if (typeof event !== "object" || event === null) throw new AppError(400, "bad_request", "The signed body is not a Stripe event");
  refuseOtherApiVersion(event, "stripe-connect");
  const ctx = c.var.ctx;
  if (await stripeEventApplied(ctx, event.id)) return c.json({ received: true, duplicate: true });
  // A failure here answers 500 with nothing recorded, so Stripe delivers the event again.
  if (isHandled(event.type)) await connectHandlers[event.type](ctx, event);
  await recordStripeEvent(ctx, event);
  return c.json({ received: true });
});
