/**
 * The one way server code reaches payments (docs/decisions/018-stripe-sandbox-worker.md): the official Stripe SDK, built
 * per request from configuration.
 * - A real secret key: Stripe itself. In production a test-mode key (`sk_test_…`) is refused unless
 *   ALLOW_TEST_KEYS=true says this is a staging deployment (docs/decisions/047).
 * - No key, in development or tests only: the Stripe sandbox Worker, through the STRIPE_SANDBOX
 *   service binding that exists only in the local configuration (the SDK's HTTP client sends there).
 * - Anything else: payments are refused with 503 and the reason is logged once per isolate.
 */
import Stripe from "stripe";
import { isDevelopment } from "./environment";
import { AppError } from "./errors";

/** The key the SDK sends to the sandbox; the sandbox accepts only this one (and the publishable one). */
export const SANDBOX_SECRET_KEY = "sk_test_jplay_sandbox";
/** Where the browser reaches the sandbox on the product's origin (worker/routes/stripe-sandbox.ts), as Stripe.js reaches api.stripe.com. */
export const STRIPE_SANDBOX_PREFIX = "/api/stripe-sandbox";

export type PaymentsProvider = { kind: "stripe"; secretKey: string } | { kind: "sandbox"; sandbox: Fetcher } | { kind: "unavailable"; reason: string };

export function paymentsProvider(env: Env): PaymentsProvider {
  const key = env.STRIPE_SECRET_KEY;
  const development = isDevelopment(env);
  if (key) {
    if (!/^(sk|rk)_(test|live)_\w+$/.test(key)) return { kind: "unavailable", reason: "STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_… or sk_test_…)" };
    if (!development && key.startsWith(`${key.slice(0, 2)}_test_`) && env.ALLOW_TEST_KEYS !== "true") {
      return {
        kind: "unavailable",
        reason: "a test-mode STRIPE_SECRET_KEY is configured in production; set ALLOW_TEST_KEYS=true only on a staging deployment",
      };
    }
    return { kind: "stripe", secretKey: key };
  }
  if (!development) return { kind: "unavailable", reason: "no STRIPE_SECRET_KEY is configured in production" };
  if (!env.STRIPE_SANDBOX)
    return { kind: "unavailable", reason: "no STRIPE_SECRET_KEY and the Stripe sandbox Worker is not running (start the product with `pnpm dev`)" };
  return { kind: "sandbox", sandbox: env.STRIPE_SANDBOX };
}

/** True when the browser's card form talks to the sandbox (through /api/stripe-sandbox). */
export function usesSandbox(env: Env): boolean {
  return paymentsProvider(env).kind === "sandbox";
}

const reasonsLogged = new Set<string>();

function refusePayments(reason: string): never {
  if (!reasonsLogged.has(reason)) {
    reasonsLogged.add(reason);
    console.error(JSON.stringify({ level: "error", msg: "payments refused: misconfigured", reason }));
  }
  throw new AppError(503, "payments_unconfigured", /*i18n*/ "Payments are not available right now. Please try again later or contact support.");
}

/**
 * The SDK resends a request (same idempotency key, which it adds to every POST) at most twice, after
 * a network failure, a 409 (the same key still running), or a 5xx that does not say
 * `Stripe-Should-Retry: false`. Stripe says exactly that on a 5xx it stored under the key (a request
 * that had begun): the key would only replay it, so the SDK sends it once and the product's own
 * layers (the queue's redelivery, the next key after looking at Stripe, docs/decisions/022) take over.
 * A 5xx in front of Stripe's idempotency layer stored nothing, and its resend runs the request.
 */
const COMMON_OPTIONS = { maxNetworkRetries: 2, timeout: 20_000 } as const;

export function createStripe(env: Env): Stripe {
  const provider = paymentsProvider(env);
  switch (provider.kind) {
    case "stripe":
      return new Stripe(provider.secretKey, { ...COMMON_OPTIONS, httpClient: Stripe.createFetchHttpClient() });
    case "sandbox": {
      // Only the path matters to the binding; the SDK's https://api.stripe.com URL is kept as is.
      const sandbox = provider.sandbox;
      const viaBinding: typeof fetch = (input, init) => sandbox.fetch(new Request(input, init));
      return new Stripe(SANDBOX_SECRET_KEY, { ...COMMON_OPTIONS, httpClient: Stripe.createFetchHttpClient(viaBinding) });
    }
    case "unavailable":
      return refusePayments(provider.reason);
  }
}
