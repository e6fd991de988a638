/**
 * Production fails closed: development-only behaviour (the Stripe sandbox, the admin password, a JWKS
 * given as configuration, compressed delivery windows) is on only for APP_ENV "development" or
 * "test"; anything else, missing or misspelled included, behaves as production. In production,
 * payments need a real live key (a test key only with ALLOW_TEST_KEYS), and are otherwise refused
 * with 503 and the reason logged once. Each case runs the real Worker with a misconfigured env.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../src/index";
import { isDevelopment } from "../src/platform/environment";
import { paymentsProvider } from "../src/platform/stripe-client";
import { adminMethod } from "../src/access/admin-access";
import { secondsPerWindowHour } from "../src/distribution/delivery-window";
import { SITE_ORIGIN } from "./admin-support";
import { stripeSignature } from "./support";

/** The public origin these calls use; production answers there only (platform/middleware/public-origin.ts). */
const PUBLIC_ORIGIN = SITE_ORIGIN.replace("http:", "https:");

const withEnv = (overrides: Record<string, unknown>) => ({ ...env, APP_ORIGIN: PUBLIC_ORIGIN, ...overrides }) as unknown as Env;

async function call(target: Env, path: string, init: RequestInit = {}, origin = PUBLIC_ORIGIN) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${origin}${path}`, init), target, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const setupIntent = (target: Env) =>
  call(target, "/api/create-setup-intent", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: PUBLIC_ORIGIN },
    body: JSON.stringify({ paymentFrequency: "daily" }),
  });

/** APP_ENV values that must count as production: unknown, misspelled, wrongly cased, empty, missing. */
const NOT_DEVELOPMENT = ["production", "staging", "developement", "Development", "dev", "", undefined];

afterEach(() => vi.restoreAllMocks());

describe("the environment allow-list", () => {
  it("treats only development and test as development", () => {
    expect(isDevelopment({ APP_ENV: "development" })).toBe(true);
    expect(isDevelopment({ APP_ENV: "test" })).toBe(true);
    for (const value of NOT_DEVELOPMENT) expect(isDevelopment({ APP_ENV: value }), String(value)).toBe(false);
  });

  it("turns every development-only behaviour off outside the allow-list", () => {
    for (const value of NOT_DEVELOPMENT) {
      const target = withEnv({ APP_ENV: value, ACCESS_TEAM_DOMAIN: undefined, ACCESS_AUD: undefined, DISTRIBUTION_SECONDS_PER_HOUR: "1" });
      expect(adminMethod(target), `admin password with APP_ENV=${value}`).toBeNull();
      expect(secondsPerWindowHour(target), `compressed windows with APP_ENV=${value}`).toBe(3600);
      expect(paymentsProvider(target).kind, `sandbox with APP_ENV=${value}`).toBe("unavailable");
    }
    const development = withEnv({ DISTRIBUTION_SECONDS_PER_HOUR: "1" });
    expect(adminMethod(development)).toBe("password");
    expect(secondsPerWindowHour(development)).toBe(1);
    expect(paymentsProvider(development).kind).toBe("sandbox");
  });
});

describe("payments in production", () => {
  it("refuses payments with 503 and logs why once, without a secret key", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const production = withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: undefined });
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await setupIntent(production);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        error: { code: "payments_unconfigured", message: "Payments are not available right now. Please try again later or contact support." },
      });
    }
    const logged = errors.mock.calls.map((args) => String(args[0])).filter((line) => line.includes("payments refused"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("no STRIPE_SECRET_KEY is configured in production");
  });

  it("refuses a test-mode key unless ALLOW_TEST_KEYS marks a staging deployment, and anything that is not a key", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(paymentsProvider(withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: "sk_test_51abc" }))).toMatchObject({
      kind: "unavailable",
      reason: expect.stringContaining("ALLOW_TEST_KEYS"),
    });
    expect((await setupIntent(withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: "sk_test_51abc" }))).status).toBe(503);
    expect(paymentsProvider(withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: "sk_test_51abc", ALLOW_TEST_KEYS: "yes" })).kind).toBe("unavailable");
    expect(paymentsProvider(withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: "sk_test_51abc", ALLOW_TEST_KEYS: "true" })).kind).toBe("stripe");
    expect(paymentsProvider(withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: "sk_live_51abc" })).kind).toBe("stripe");
    expect(paymentsProvider(withEnv({ APP_ENV: "production", STRIPE_SECRET_KEY: "pk_live_51abc" })).kind).toBe("unavailable");
  });

  it("never reaches the sandbox, even with its binding present: no pass-through, no sandbox payments", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const value of ["production", "developement", undefined]) {
      const target = withEnv({ APP_ENV: value, STRIPE_SECRET_KEY: undefined });
      expect(target.STRIPE_SANDBOX).toBeDefined();
      const passThrough = await call(target, "/api/stripe-sandbox/v1/customers", { headers: { Authorization: "Bearer pk_test_jplay_sandbox" } });
      expect(passThrough.status, `pass-through with APP_ENV=${value}`).toBe(404);
      expect((await setupIntent(target)).status, `payments with APP_ENV=${value}`).toBe(503);
    }
    // Development, for contrast: the pass-through answers (the sandbox refuses the publishable key on a list).
    expect((await call(env, "/api/stripe-sandbox/v1/customers", { headers: { Authorization: "Bearer pk_test_jplay_sandbox" } })).status).toBe(401);
  });

  it("with a real key, development does not use the sandbox either", async () => {
    const target = withEnv({ STRIPE_SECRET_KEY: "sk_test_51abc" });
    expect(paymentsProvider(target).kind).toBe("stripe");
    expect((await call(target, "/api/stripe-sandbox/v1/customers")).status).toBe(404);
  });
});

describe("production answers at its public origin only", () => {
  it("serves nothing without APP_ORIGIN (or with one that is not https), and says why once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const origin of [undefined, "", "http://jplay.test", "not a url"]) {
      const target = withEnv({ APP_ENV: "production", APP_ORIGIN: origin });
      for (const path of ["/", "/api/songs/popular", "/api/health"]) {
        const response = await call(target, path);
        expect(response.status, `${path} with APP_ORIGIN=${origin}`).toBe(503);
        expect(await response.json()).toEqual({ error: { code: "not_configured", message: "This deployment is not configured yet." } });
      }
    }
    expect(errors.mock.calls.filter((args) => String(args[0]).includes("APP_ORIGIN is missing")).length).toBeLessThanOrEqual(1);
  });

  it("redirects a read on another hostname (workers.dev) to the public origin and refuses anything else there", async () => {
    const production = withEnv({ APP_ENV: "production" });
    const workersDev = "https://jplay.someone.workers.dev";
    const read = await call(production, "/api/songs/popular?facility=x", {}, workersDev);
    expect(read.status).toBe(301);
    expect(read.headers.get("Location")).toBe(`${PUBLIC_ORIGIN}/api/songs/popular?facility=x`);
    const home = await call(production, "/", {}, workersDev);
    expect(home.status).toBe(301);
    const write = await call(
      production,
      "/api/create-setup-intent",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      workersDev,
    );
    expect(write.status).toBe(421);
    // At the public origin it serves.
    expect((await call(production, "/api/health")).status).toBe(200);
    // Development answers anywhere.
    expect((await call(env, "/api/health", {}, workersDev)).status).toBe(200);
  });
});

describe("webhook API versions", () => {
  const event = (apiVersion: string) => ({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "customer.created",
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    // Every Stripe event says its mode (an event without it is refused as not Stripe's).
    livemode: false,
    data: { object: { id: "cus_version_test", object: "customer" } },
  });

  async function deliver(path: string, secret: string, body: unknown) {
    const payload = JSON.stringify(body);
    return call(env, path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, secret) },
      body: payload,
    });
  }

  it("refuses, loudly, an event in another API release than the SDK pins, on both endpoints; reads the release's other months", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [path, secret] of [
      ["/api/webhooks/stripe", env.STRIPE_WEBHOOK_SECRET!],
      ["/api/webhooks/stripe-connect", env.STRIPE_CONNECT_WEBHOOK_SECRET!],
    ] as const) {
      const old = event("2020-08-27");
      const refused = await deliver(path, secret, old);
      expect(refused.status, path).toBe(400);
      expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("api_version_mismatch");
      expect(errors.mock.calls.some((args) => String(args[0]).includes(old.id))).toBe(true);
      // Not recorded: once the endpoint is fixed, Stripe's retry of the same event is applied.
      expect(await env.DB.prepare("SELECT id FROM stripe_events WHERE id = ?").bind(old.id).first()).toBeNull();
      expect((await deliver(path, secret, event(Stripe.API_VERSION))).status, path).toBe(200);
      // Another release (basil's last month) is refused; a later month of the pinned release is read.
      expect((await deliver(path, secret, event("2025-08-27.basil"))).status, path).toBe(400);
      const release = Stripe.API_VERSION.split(".")[1]!;
      expect((await deliver(path, secret, event(`2099-01-01.${release}`))).status, path).toBe(200);
    }
  });
});
