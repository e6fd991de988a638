/**
 * POST /api/webhooks/stripe: Stripe's (or the sandbox's) signed events. The signature is verified on
 * the raw body; an event is recorded only after it was applied (payments/stripe-events.ts), so a
 * redelivery of a recorded event changes nothing, and one that failed or was cut short answers 500
 * (or nothing) and Stripe delivers it again.
 */
import { Hono } from "hono";
import Stripe from "stripe";
import type { AppEnv } from "../../../platform/env";
import { stripeReady } from "../../../platform/context";
import { AppError } from "../../../platform/errors";
import { webhookSecret } from "../../../platform/stripe-client";
import { refuseOtherApiVersion } from "../../../platform/stripe-api-version";
import { applyStripeEvent, recordStripeEvent, stripeEventApplied } from "../../stripe-events";

const cryptoProvider = Stripe.createSubtleCryptoProvider();

export const stripeWebhookRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const signature = c.req.header("Stripe-Signature");
  if (!signature) throw new AppError(400, "invalid_signature", "Missing Stripe-Signature header");
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, webhookSecret(c.env), undefined, cryptoProvider);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, "invalid_signature", "Webhook signature verification failed");
  }

  // Stripe's SDK reads any JSON the secret signed as the event: one that is not an object is refused, not dereferenced.
  if (typeof event !== "object" || event === null) throw new AppError(400, "bad_request", "The signed body is not a Stripe event");
  refuseOtherApiVersion(event, "stripe");
  const ctx = c.var.ctx;
  if (await stripeEventApplied(ctx, event.id)) return c.json({ received: true, duplicate: true });
  // A failure here answers 500 with nothing recorded, so Stripe delivers the event again. Links in
  // texts use the public origin, else the one Stripe posted to.
  await applyStripeEvent(stripeReady(ctx), event, c.env.APP_ORIGIN ?? new URL(c.req.url).origin);
  await recordStripeEvent(ctx, event);
  return c.json({ received: true });
});
