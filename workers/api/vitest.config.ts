// The Worker test projects (this file and vitest.unordered-webhooks.config.ts) run inside workerd with the real local D1, R2 and Queue bindings of wrangler.toml, and
// the Stripe sandbox Worker beside the product as an auxiliary Worker, bound both ways as in `pnpm dev`.
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { buildStripeSandbox, sandboxBundleDir } from "../../scripts/build-stripe-sandbox.ts";
import { FOUR_AT_A_TIME } from "../../vitest.slots.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Test-only webhook secrets, shared by the product (verifies) and the sandbox (signs). */
export const TEST_WEBHOOK_SECRET = "whsec_test_jplay";
export const TEST_CONNECT_WEBHOOK_SECRET = "whsec_test_jplay_connect";
/** Test-only keys of the Turnstile stand-in's site, shared by the product (verifies) and the sandbox (issues). */
export const TEST_TURNSTILE_SITE_KEY = "0x-standin-site-worker-tests";
export const TEST_TURNSTILE_SECRET_KEY = "0x-standin-secret-worker-tests-0123456789";

/**
 * How the Worker test files share runtimes: each worker slot of a run (vitest.slots.ts at the root)
 * gets a runtime of its own — workerd with the product, its D1, R2 and queues, and the Stripe sandbox
 * beside it — and runs its files one after another in it. Before each file the setup resets the world
 * (test/world/reset-world.ts): every table, object, queued job and the sandbox's state from the file
 * before is gone, so no file's result depends on which ran before it, and a new file needs no list.
 */
/**
 * The npm packages the Worker and its tests import (bare specifiers), bundled once per project by vite.
 * Only what resolves from this package: the web app's own dependencies, which the server-rendered Home
 * imports through its components, stay as they are.
 */
const PRE_BUNDLED_DEPENDENCIES = [
  "stripe",
  "drizzle-orm",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "hono",
  "hono/cookie",
  "hono/secure-headers",
  "hono/request-id",
  "hono/http-exception",
  "hono/body-limit",
  "valibot",
  "@hono/valibot-validator",
  "jose",
  "music-metadata",
  "bowser",
  "@lingui/core",
  "react",
  "react/jsx-runtime",
  "fast-check",
];

interface WorkerProject {
  name: string;
  include: string[];
  exclude?: string[];
  /** Extra configuration of the Stripe sandbox beside the product (its workers/stripe-sandbox/src/http/env.ts). */
  sandboxBindings?: Record<string, string>;
  /** Setup files run after the migrations and the webhook endpoints. */
  setupFiles?: string[];
  /** How many of its files run at a time, and in which group (vitest.slots.ts). */
  slots?: typeof FOUR_AT_A_TIME;
}

export const workerProject = ({ name, include, exclude = [], sandboxBindings = {}, setupFiles = [], slots = FOUR_AT_A_TIME }: WorkerProject) =>
  defineConfig(async () => {
    const migrations = await readD1Migrations(path.join(root, "schema/migrations"));
    const sandboxModules = await buildStripeSandbox(name);
    return {
      // The web app's `@/` import alias (apps/web/tsconfig.json): the Home route renders its components.
      // `@eshaz/web-worker`: as wrangler.toml's [alias] (the MP3 decoder's unused Web Worker variant).
      resolve: {
        alias: {
          "@": path.join(root, "apps/web/src"),
          "@eshaz/web-worker": path.join(root, "workers/api/src/distribution/audio-decode/no-web-worker.ts"),
        },
      },
      plugins: [
        cloudflareTest({
          wrangler: { configPath: path.join(root, "wrangler.toml") },
          // The product's entry with its jobs stamped by test world (test/world/world-entry.ts).
          main: path.join(import.meta.dirname, "test/world/world-entry.ts"),
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: migrations,
              APP_ENV: "test",
              // Test-only values; real ones live in .dev.vars (local) or wrangler secrets (production).
              STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
              STRIPE_CONNECT_WEBHOOK_SECRET: TEST_CONNECT_WEBHOOK_SECRET,
              SESSION_SECRET: "test-session-secret-0123456789abcdef",
              PROVIDER_WEBHOOK_SECRET: "test-provider-secret-0123456789abcdef",
              // A second enrolled provider (src/provider/test/receipts.test.ts redeems from it).
              PROVIDER_SECRETS: JSON.stringify({ "second-vendor": "test-second-provider-secret-0123456789" }),
              // A throw-away Ed25519 key that signs the tests' receipts.
              RECEIPT_SIGNING_KEY:
                '{"crv":"Ed25519","d":"OfCC8-z6x4kloomuwawzvduEPKqnRe-h3vDYHFqlplc","x":"YmxIflCevOVo_pUsHtt1gBeJOb9b54pqm8Z2EQwJO_4","kty":"OKP"}',
              // Real windows (empty: unset): songs paid in other tests must not go live in the background.
              // Said here because wrangler also reads .dev.vars, which `pnpm dev` writes with compressed
              // windows. Pipeline tests pass a compressed value in their own env.
              DISTRIBUTION_SECONDS_PER_HOUR: "",
              ADMIN_PASSWORD: "test-admin-password-0123",
              // Test files set up dozens of artists a minute from a few hundred addresses: the challenges on
              // payment setup (src/payments/cards/setup-challenges.ts) would couple unrelated tests. Their own
              // tests (src/payments/test/payment-challenges.test.ts, src/platform/test/limits.test.ts) set the defaults per request.
              UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "100000",
              UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR: "100000",
              CARD_CHECKS_PER_MINUTE: "100000",
              CARD_SAVES_PER_ADDRESS_PER_HOUR: "100000",
              // The Turnstile stand-in's site (workers/stripe-sandbox/src/http/turnstile.ts), the sandbox's too.
              TURNSTILE_SITE_KEY: TEST_TURNSTILE_SITE_KEY,
              TURNSTILE_SECRET_KEY: TEST_TURNSTILE_SECRET_KEY,
              // The ledger's property test (test/ledger-properties.test.ts): its default size fits CI;
              // `LEDGER_PROPERTY_RUNS=20 LEDGER_PROPERTY_OPERATIONS=500` runs the full 10,000 operations.
              LEDGER_PROPERTY_RUNS: process.env.LEDGER_PROPERTY_RUNS ?? "",
              LEDGER_PROPERTY_OPERATIONS: process.env.LEDGER_PROPERTY_OPERATIONS ?? "",
              // The attacker's suite (test/attacker/): runs per property, and a failure's seed to replay it.
              ATTACKER_RUNS: process.env.ATTACKER_RUNS ?? "",
              ATTACKER_SEED: process.env.ATTACKER_SEED ?? "",
            },
            workers: [
              {
                name: "jplay-stripe-sandbox",
                modules: sandboxModules,
                modulesRoot: sandboxBundleDir(name),
                compatibilityDate: "2026-11-01",
                compatibilityFlags: ["nodejs_compat"],
                d1Databases: { DB: "jplay-stripe-sandbox" },
                // The Worker under test runs as the pool's runner ("vitest-plugin-runner-" + project name).
                serviceBindings: { WEBHOOK_TARGET: `vitest-plugin-runner-${name}` },
                // Stripe's request-rate limits off (its src/rate-limits.ts): test files set up artists many a
                // second; the tests about the limits set them with the sandbox's helper.
                bindings: {
                  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
                  STRIPE_CONNECT_WEBHOOK_SECRET: TEST_CONNECT_WEBHOOK_SECRET,
                  RATE_LIMITS: "off",
                  TURNSTILE_SITE_KEY: TEST_TURNSTILE_SITE_KEY,
                  TURNSTILE_SECRET_KEY: TEST_TURNSTILE_SECRET_KEY,
                  ...sandboxBindings,
                },
              },
            ],
          },
        }),
      ],
      test: {
        name,
        ...slots,
        // Integration tests through workerd, D1 and the sandbox: 5 s is too tight on a busy two-core runner.
        testTimeout: 30_000,
        include,
        exclude,
        // One runtime per slot, its files one after another, each starting from a reset world.
        isolate: false,
        // Each runtime imports the Worker's entry (its Durable Objects) module by module from vitest; the
        // dependencies pre-bundled (one module each, not hundreds) start a runtime about 2 s sooner.
        deps: { optimizer: { ssr: { enabled: true, include: PRE_BUNDLED_DEPENDENCIES } } },
        // The Worker's logs go straight to the output, not through vitest's console RPC: background work a
        // test file leaves running (a webhook the sandbox delivers late, a queued text written to the log)
        // may log after the file ends, and that RPC is closed by then (an unhandled "Closing rpc" error).
        disableConsoleIntercept: true,
        setupFiles: ["./test/world/setup-world.ts", ...setupFiles],
      },
    };
  });

// Tests of one module beside it (src/<module>/test/), the cross-cutting ones in test/ (docs/testing.md).
export default workerProject({ name: "worker", include: ["src/**/test/**/*.test.ts", "test/**/*.test.ts"] });
