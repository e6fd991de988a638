/**
 * The `Stripe-Account` header: a platform acting as one of its connected accounts
 * (https://docs.stripe.com/connect/authentication). The sandbox honours it where the product needs it
 * — reading a connected account's own events and its balance (connected-balance.ts), which the platform's `GET /v1/events` does not list
 * (https://docs.stripe.com/connect/webhooks: the connected account owns them) — and refuses it
 * everywhere else rather than silently acting as the platform.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env";
import { StripeApiError, invalidRequest } from "../http/errors";
import { sandboxPath } from "../http/paths";
import type { SandboxStore } from "../store/store";

const HEADER = "Stripe-Account";

/** Paths where the sandbox acts as a connected account. */
const ACTS_AS_ACCOUNT = /^\/v1\/(events(\/[^/]+)?|balance)$/;

/** The connected account a request acts as, or null for the platform itself. */
export const actingAccountOf = (c: Context<AppEnv>): string | null => c.req.header(HEADER) || null;

export const refuseUnmodelledConnectedAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  const account = actingAccountOf(c);
  if (account && !(c.req.method === "GET" && ACTS_AS_ACCOUNT.test(sandboxPath(c.req.path)))) {
    throw invalidRequest(
      `The Stripe sandbox acts as a connected account (${HEADER}) only to read its events (GET /v1/events); this request would need more of Connect than it models.`,
    );
  }
  await next();
};

/** Stripe's answer when the platform names an account that is not one of its connected accounts. */
export async function requireConnectedAccount(store: SandboxStore, account: string): Promise<void> {
  if (await store.get(account, "account")) return;
  throw new StripeApiError(403, {
    type: "invalid_request_error",
    code: "account_invalid",
    message: `The provided key 'sk_test_****' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
  });
}
