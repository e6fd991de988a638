// Setup of the worker-unordered-webhooks project (vitest.unordered-webhooks.config.ts): its files run
// only if the Stripe sandbox beside the product sends webhooks unordered (shuffled, each twice).
import { sandboxAdmin } from "./payment-support";

const { status, body } = await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" });
if (status !== 200 || body.delivery !== "unordered")
  throw new Error(`the Stripe sandbox delivers ${String(body.delivery)}, not unordered: ${JSON.stringify(body)}`);
