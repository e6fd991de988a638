/**
 * `pnpm test:stripe`: the payment suite (workers/stripe-sandbox/test/payment-suite) against Stripe's
 * own test mode, with STRIPE_SECRET_KEY=sk_test_… — the tests `pnpm test` runs against the sandbox.
 * Without a key: one line, exit 0. With a live key: refused, exit 1. Extra arguments go to vitest.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { stripeTestRun } from "./stripe-test-mode.ts";
import { repoRoot } from "./wrangler-env.ts";

const decision = stripeTestRun(process.env.STRIPE_SECRET_KEY);
if (decision.kind === "skip") {
  console.log(decision.line);
  process.exit(0);
}
if (decision.kind === "refuse") {
  console.error(decision.message);
  process.exit(1);
}

const vitest = spawn(
  path.join(repoRoot, "node_modules/.bin/vitest"),
  ["run", "--config", path.join(repoRoot, "workers/stripe-sandbox/vitest.stripe.config.ts"), ...process.argv.slice(2)],
  { cwd: repoRoot, env: process.env, stdio: "inherit" },
);
vitest.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
