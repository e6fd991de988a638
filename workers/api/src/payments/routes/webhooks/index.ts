/** /api/webhooks: Stripe's events for the platform account (`/stripe`) and for connected accounts (`/stripe-connect`), each with its own signing secret. */
import { Hono } from "hono";
import type { AppEnv } from "../../../platform/env";
import { stripeConnectWebhookRoutes } from "./stripe-connect";
import { stripeWebhookRoutes } from "./stripe";

export const webhookRoutes = new Hono<AppEnv>().route("/stripe", stripeWebhookRoutes).route("/stripe-connect", stripeConnectWebhookRoutes);
