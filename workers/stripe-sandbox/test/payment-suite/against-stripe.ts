/**
 * The payment suite (suite.ts) against Stripe's own test mode, over the network:
 * `STRIPE_SECRET_KEY=sk_test_… pnpm test:stripe` (scripts/test-stripe.ts, vitest.stripe.config.ts).
 * Not a `*.test.ts` file and not in any project of `pnpm test`, so only that command runs it. The key
 * comes from the config, which has refused anything but a test-mode secret key; it is checked again
 * here, in case this file is ever run some other way.
 */
import Stripe from "stripe";
import { inject } from "vitest";
import { paymentSuite } from "./suite";

declare module "vitest" {
  export interface ProvidedContext {
    stripeTestModeKey: string;
  }
}

const key = inject("stripeTestModeKey");
if (!/^(sk|rk)_test_\w+$/.test(key)) throw new Error("The payment suite runs against Stripe only with a test-mode secret key (sk_test_…).");

// The SDK as the product's server builds it for a real key (workers/api/src/platform/stripe-client.ts).
const stripe = new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000, httpClient: Stripe.createFetchHttpClient() });

// Events and a new account's capabilities can take Stripe a few seconds.
paymentSuite({ name: "Stripe test mode", stripe, patienceMs: 60_000 });
