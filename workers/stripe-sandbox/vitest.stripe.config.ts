// `pnpm test:stripe` only (scripts/test-stripe.ts): the payment suite against Stripe's own test mode,
// in Node, over the network. It is not a project of the root vitest.config.ts, so `pnpm test` (which
// runs the same suite against the sandbox) never loads it. Anything but a test-mode secret key in
// STRIPE_SECRET_KEY stops it here, before a test runs.
import { defineConfig } from "vitest/config";
import { stripeTestRun } from "../../scripts/stripe-test-mode.ts";

declare module "vitest" {
  // What the tests read with inject() (test/payment-suite/against-stripe.ts declares the same).
  export interface ProvidedContext {
    stripeTestModeKey: string;
  }
}

const decision = stripeTestRun(process.env.STRIPE_SECRET_KEY);
if (decision.kind !== "run") throw new Error(decision.kind === "skip" ? decision.line : decision.message);

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "stripe-test-mode",
    environment: "node",
    include: ["test/payment-suite/against-stripe.ts"],
    // Each test makes several round trips to Stripe, and some wait for Stripe to finish on its own.
    testTimeout: 120_000,
    provide: { stripeTestModeKey: decision.key },
  },
});
