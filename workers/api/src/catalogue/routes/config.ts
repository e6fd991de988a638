/**
 * `GET /api/config` (docs/product.md, Calls): what the browser needs to start a card form — the Stripe
 * sandbox locally, or Stripe.js with the publishable key.
 */
import { Hono } from "hono";
import type { PublicConfig } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { usesSandbox } from "../../platform/stripe-client";

export const configRoutes = new Hono<AppEnv>().get("/", (c) => {
  const config: PublicConfig = usesSandbox(c.env)
    ? { payments: { mode: "sandbox" } }
    : { payments: { mode: "stripe", publishableKey: c.env.STRIPE_PUBLISHABLE_KEY ?? "" } };
  return c.json<PublicConfig>(config);
});
