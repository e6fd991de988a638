/**
 * POST /api/webhooks/stripe: Stripe's (or the sandbox's) signed events. The signature is verified on
 * the raw body against each secret of STRIPE_WEBHOOK_SECRET (signed-event.ts); an event is recorded only after it was applied (payments/webhooks/stripe-events.ts), so a
 * redelivery of a recorded event changes nothing, and one that failed or was cut short answers 500
 * (or nothing) and Stripe delivers it again.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../../platform/env";
import { stripeReady } from "../../../platform/context";
import { refuseOtherApiVersion } from "../../../platform/stripe-api-version";
import { applyStripeEvent, recordStripeEvent, stripeEventApplied } from "../../webhooks/stripe-events";
import { otherMode, signedEvent, webhookSecrets } from "./signed-event";

export const stripeWebhookRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const event = await signedEvent(c.req.raw, webhookSecrets(c.env, "STRIPE_WEBHOOK_SECRET"));
  if (otherMode(c.env, event, "stripe")) return c.json({ received: true, ignored: "other_mode" });
  refuseOtherApiVersion(event, "stripe");
  const ctx = c.var.ctx;
  if (await stripeEventApplied(ctx, event.id)) return c.json({ received: true, duplicate: true });
  // A failure here answers 500 with nothing recorded, so Stripe delivers the event again. Links in
  // texts use the public origin, else the one Stripe posted to.
  await applyStripeEvent(stripeReady(ctx), event, c.env.APP_ORIGIN ?? new URL(c.req.url).origin);
  await recordStripeEvent(ctx, event);
  return c.json({ received: true });
});
