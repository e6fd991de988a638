/**
 * The one way server code reaches payments (ARCHITECTURE decision 4): the official Stripe SDK, built
 * per request from configuration. With a real secret key it talks to Stripe; without one its HTTP
 * client is routed in-process to the Stripe sandbox, so the same code path runs everywhere.
 */
import Stripe from "stripe";
import { AppError } from "../errors";
import { sandboxFetch } from "./sandbox/sandbox-fetch";

/** The key the SDK sends to the sandbox; the sandbox accepts only this one. */
export const SANDBOX_SECRET_KEY = "sk_test_jplay_sandbox";
export const SANDBOX_PUBLISHABLE_KEY = "pk_test_jplay_sandbox";

/** Payments run on the sandbox only without a real key, and never in production. */
export function usesSandbox(env: Env): boolean {
  return !env.STRIPE_SECRET_KEY;
}

export function assertSandboxAllowed(env: Env): void {
  if ((env.APP_ENV as string) === "production") {
    throw new AppError(503, "payments_unconfigured", "Payments are not configured. Please contact support.");
  }
}

/** What the sandbox needs of a request's context: a place to finish webhook deliveries. */
export interface BackgroundWork {
  waitUntil(promise: Promise<unknown>): void;
}

export function createStripe(env: Env, ctx?: BackgroundWork): Stripe {
  const common = { maxNetworkRetries: 2, timeout: 20_000 } as const;
  if (env.STRIPE_SECRET_KEY) {
    return new Stripe(env.STRIPE_SECRET_KEY, { ...common, httpClient: Stripe.createFetchHttpClient() });
  }
  assertSandboxAllowed(env);
  return new Stripe(SANDBOX_SECRET_KEY, {
    ...common,
    httpClient: Stripe.createFetchHttpClient(sandboxFetch(env, ctx)),
  });
}

export function webhookSecret(env: Env): string {
  if (!env.STRIPE_WEBHOOK_SECRET) {
    throw new AppError(503, "webhooks_unconfigured", "STRIPE_WEBHOOK_SECRET is not configured");
  }
  return env.STRIPE_WEBHOOK_SECRET;
}
