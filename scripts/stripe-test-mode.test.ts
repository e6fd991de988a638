/**
 * `pnpm test:stripe` runs the payment suite against Stripe only with a test-mode secret key: without
 * a key it says so in one line and succeeds, a live key is refused before anything runs, and
 * `pnpm test` never loads the real-Stripe entry (it has no network, and must not need one).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SKIP_LINE, stripeTestRun } from "./stripe-test-mode.ts";
import { repoRoot } from "./wrangler-env.ts";

/** `node scripts/test-stripe.ts` with this STRIPE_SECRET_KEY (or none). */
function testStripe(key: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.STRIPE_SECRET_KEY;
  if (key !== undefined) env.STRIPE_SECRET_KEY = key;
  return spawnSync(process.execPath, [path.join(repoRoot, "scripts/test-stripe.ts")], { cwd: repoRoot, env, encoding: "utf8", timeout: 30_000 });
}

describe("which Stripe the payment suite may run against", () => {
  it("runs with a test-mode secret or restricted key", () => {
    expect(stripeTestRun("sk_test_51Abc")).toEqual({ kind: "run", key: "sk_test_51Abc" });
    expect(stripeTestRun(" rk_test_51Abc\n")).toEqual({ kind: "run", key: "rk_test_51Abc" });
  });

  it("skips without a key, and refuses a live key or anything that is not a test-mode secret key", () => {
    expect(stripeTestRun(undefined)).toEqual({ kind: "skip", line: "skipped: set STRIPE_SECRET_KEY=sk_test_… to run against Stripe's test mode" });
    expect(stripeTestRun("  ")).toMatchObject({ kind: "skip" });
    for (const key of ["sk_live_51Abc", "rk_live_51Abc", "pk_test_51Abc", "whsec_abc", "sk_test_"]) {
      expect(stripeTestRun(key), key).toMatchObject({ kind: "refuse" });
    }
    expect(stripeTestRun("sk_live_51Abc")).toMatchObject({ message: expect.stringMatching(/^REFUSED: STRIPE_SECRET_KEY is a LIVE Stripe key/) });
  });

  it("`pnpm test:stripe` without a key prints the one skip line and exits 0", () => {
    const result = testStripe(undefined);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(SKIP_LINE);
  });

  it("`pnpm test:stripe` with a live key refuses loudly, exits 1, never echoes the key and starts no test", () => {
    const result = testStripe("sk_live_51SecretLiveKey");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/REFUSED: STRIPE_SECRET_KEY is a LIVE Stripe key/);
    expect(result.stdout + result.stderr).not.toContain("SecretLiveKey");
    expect(result.stdout).not.toMatch(/vitest|payments against/i);
  });

  it("`pnpm test` never loads the real-Stripe entry: no project includes it, and it is not a *.test.ts file", () => {
    const entry = "workers/stripe-sandbox/test/payment-suite/against-stripe.ts";
    expect(entry.endsWith(".test.ts")).toBe(false);
    expect(readFileSync(path.join(repoRoot, "vitest.config.ts"), "utf8")).not.toContain("vitest.stripe.config");
    expect(readFileSync(path.join(repoRoot, "workers/stripe-sandbox/vitest.config.ts"), "utf8")).toContain('include: ["test/**/*.test.ts"]');
  });
});
