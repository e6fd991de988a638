/**
 * `pnpm stripe:endpoints`: makes Stripe's two webhook endpoints the product's list says
 * (workers/api/src/payments/webhooks/webhook-endpoints.ts): created in the SDK's API version if missing, their
 * event types set if they drifted, enabled if disabled; one of another API release replaced in two
 * runs (the new one disabled until STRIPE_WEBHOOK_SECRET / STRIPE_CONNECT_WEBHOOK_SECRET in the
 * environment list its secret, then enabled and the old one deleted). Run it after every deployment that changes
 * which events the product handles, and after upgrading the `stripe` package.
 * - With STRIPE_SECRET_KEY (test or live): against Stripe, for APP_ORIGIN (or `--origin https://…`).
 * - Without: against the Stripe sandbox of the local product at http://127.0.0.1:$PORT (`pnpm dev`
 *   runs it itself).
 */
import { parseArgs } from "node:util";
import Stripe from "stripe";
import { syncWebhookEndpoints } from "../workers/api/src/payments/webhooks/webhook-endpoints.ts";
import { devWebhookSecrets } from "./dev-vars.ts";
import { describeSync, syncLocalEndpoints } from "./webhook-endpoints.ts";

const { values } = parseArgs({ options: { origin: { type: "string" } } });
const key = process.env.STRIPE_SECRET_KEY?.trim();

try {
  if (key) {
    const origin = values.origin ?? process.env.APP_ORIGIN;
    if (!origin || !/^https:\/\/[^/]+$/.test(origin)) {
      console.error("Set APP_ORIGIN (or --origin) to the product's public origin, https://<your domain>: Stripe posts events there.");
      process.exit(1);
    }
    const mode = key.includes("_live_") ? "live" : "test";
    console.log(`Stripe (${mode} mode): webhook endpoints of ${origin}`);
    const stripe = new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000 });
    // The secrets the deployment holds (its settings are write-only): a replacement is enabled once they list its secret.
    const settings = { STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: process.env.STRIPE_CONNECT_WEBHOOK_SECRET };
    const synced = await syncWebhookEndpoints(stripe, origin, Stripe.API_VERSION, settings);
    for (const line of describeSync(synced, (setting) => `npx wrangler secret put ${setting} --env production`)) console.log(line);
  } else {
    const origin = values.origin ?? `http://127.0.0.1:${process.env.PORT ?? "8787"}`;
    console.log(`No STRIPE_SECRET_KEY: the Stripe sandbox of the local product at ${origin}`);
    const synced = await syncLocalEndpoints(origin, devWebhookSecrets());
    for (const line of describeSync(synced, (setting) => `the sandbox issues the ${setting} of .dev.vars, which the product already has`)) console.log(line);
  }
} catch (error) {
  console.error(`webhook endpoints not synced: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
