// The payment, refund and Connect tests once more with the Stripe sandbox delivering webhooks as
// Stripe may: every request's events shuffled, each twice, all at once (WEBHOOK_DELIVERY=unordered,
// workers/stripe-sandbox/src/events/webhooks.ts). They pass unchanged: the product applies each event once,
// in whatever order, and only moves state forward. Each file starts from a reset world, as in the
// worker project.
import { workerProject } from "./vitest.config.ts";

export const UNORDERED_WEBHOOK_TESTS = [
  "src/payments/test/one-off-and-pro.test.ts",
  "src/payments/test/complete-distribution.test.ts",
  "src/refunds/test/refunds.test.ts",
  "test/artist-onboarding.test.ts",
  "src/ledger/test/payout-truth.test.ts",
];

export default workerProject({
  name: "worker-unordered-webhooks",
  include: UNORDERED_WEBHOOK_TESTS,
  sandboxBindings: { WEBHOOK_DELIVERY: "unordered" },
  // Each file first checks the sandbox really delivers unordered, so a passing run means something.
  setupFiles: ["./test/unordered-delivery.ts"],
});
