// The Stripe sandbox's own tests: the sandbox Worker (wrangler.toml) runs inside workerd as the Worker
// under test, with its own local D1, and a small auxiliary Worker stands for the product's webhook
// endpoints, recording every delivery so tests can read what Stripe would have POSTed.
import path from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { FOUR_AT_A_TIME } from "../../vitest.slots.ts";

/** Test-only webhook secrets: the sandbox signs with them, tests verify with them. */
export const TEST_WEBHOOK_SECRET = "whsec_test_sandbox_platform";
export const TEST_CONNECT_WEBHOOK_SECRET = "whsec_test_sandbox_connect";
/** Test-only keys of the Turnstile stand-in's site. */
export const TEST_TURNSTILE_SITE_KEY = "0x-standin-site-sandbox-tests";
export const TEST_TURNSTILE_SECRET_KEY = "0x-standin-secret-sandbox-tests-0123456789";

/**
 * The product's webhook endpoints as far as the sandbox can tell: every POST is recorded in memory
 * (path, `Stripe-Signature`, raw body, the status answered) and answered 200, unless a test armed
 * failures. Test routes (never POSTed by the sandbox, which only sends to /api/webhooks/…):
 * - `GET /received`: the recordings, oldest first; `DELETE /received`: forget them and every armed failure;
 * - `POST /fail-next?count=N&match=TEXT`: the next N deliveries whose body contains TEXT (any, without
 *   `match`) answer 500, as an endpoint that is down does.
 */
const WEBHOOK_ENDPOINT_SCRIPT = /* js */ `
const received = [];
let failures = [];

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/received") {
      if (request.method === "GET") return Response.json(received);
      if (request.method === "DELETE") {
        received.length = 0;
        failures = [];
        return new Response(null, { status: 204 });
      }
    }
    if (url.pathname === "/fail-next" && request.method === "POST") {
      const count = Number(url.searchParams.get("count") ?? "1");
      failures.push({ match: url.searchParams.get("match") ?? "", remaining: count });
      return new Response(null, { status: 204 });
    }
    if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
    const body = await request.text();
    const failure = failures.find((armed) => armed.remaining > 0 && body.includes(armed.match));
    if (failure) failure.remaining--;
    const status = failure ? 500 : 200;
    received.push({ path: url.pathname, signature: request.headers.get("Stripe-Signature"), body, status });
    return new Response(status === 200 ? "ok" : "endpoint down (test)", { status });
  },
};
`;

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: path.join(import.meta.dirname, "wrangler.toml") },
      miniflare: {
        // Request-rate limits off (src/http/rate-limits.ts): the tests make requests faster than Stripe allows;
        // test/rate-limits.test.ts sets them to test the limiter.
        bindings: {
          STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
          STRIPE_CONNECT_WEBHOOK_SECRET: TEST_CONNECT_WEBHOOK_SECRET,
          RATE_LIMITS: "off",
          // The Turnstile stand-in's one site (src/http/turnstile.ts; test/turnstile.test.ts).
          TURNSTILE_SITE_KEY: TEST_TURNSTILE_SITE_KEY,
          TURNSTILE_SECRET_KEY: TEST_TURNSTILE_SECRET_KEY,
        },
        // Deliveries go to the recorder instead of the product (wrangler.toml's WEBHOOK_TARGET = jplay);
        // tests read it through WEBHOOK_RECORDER.
        serviceBindings: { WEBHOOK_TARGET: "webhook-endpoint", WEBHOOK_RECORDER: "webhook-endpoint" },
        workers: [{ name: "webhook-endpoint", modules: true, script: WEBHOOK_ENDPOINT_SCRIPT, compatibilityDate: "2026-11-01" }],
      },
    }),
  ],
  test: {
    name: "stripe-sandbox",
    ...FOUR_AT_A_TIME,
    // Integration tests through workerd and D1: 5 s is too tight on a busy two-core runner.
    testTimeout: 30_000,
    include: ["test/**/*.test.ts"],
    // One runtime per slot, its files one after another; each starts in an empty sandbox (setup-world.ts).
    isolate: false,
    setupFiles: ["./test/setup-world.ts"],
  },
});
