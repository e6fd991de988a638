// Every test file starts from the real schema — the same SQL migrations production runs (applied once
// per runtime) — in a reset world (reset-world.ts), with the product's two Stripe webhook endpoints
// made in the sandbox by the product's own sync (src/payments/webhooks/webhook-endpoints.ts), so an event
// reaches the product only if its type is on the product's list, as on Stripe.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { syncWebhookEndpoints } from "../../src/payments/webhooks/webhook-endpoints";
import { createStripe } from "../../src/platform/stripe-client";
import { SITE_ORIGIN } from "../admin-support";
import { resetWorld } from "./reset-world";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await resetWorld();
await syncWebhookEndpoints(createStripe(env), SITE_ORIGIN, Stripe.API_VERSION);
