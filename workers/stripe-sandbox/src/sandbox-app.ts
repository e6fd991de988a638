/**
 * The Stripe sandbox's HTTP face: the subset of Stripe's REST API the product uses, with Stripe's
 * wire format and test-mode semantics, as one Hono app. The product's server SDK reaches it through
 * a service binding; the browser's card form through the product's local-only /api/stripe-sandbox
 * pass-through (publishable key only).
 */
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./http/env";
import { keyKind } from "./http/auth";
import { sandboxNow } from "./store/clock";
import { refuseUnmodelledConnectedAccount } from "./connect/connected-account";
import { StripeApiError, apiError, errorResponse, invalidRequest } from "./http/errors";
import { SANDBOX_API_VERSION } from "./events/events";
import { injectFaults } from "./http/faults";
import { newId, ID_PREFIX } from "./store/ids";
import { idempotentRequests } from "./http/idempotency";
import { limitRequestRate } from "./http/rate-limits";
import { sandboxPath } from "./http/paths";
import { accountLinkRoutes } from "./resources/account-links";
import { accountRoutes } from "./resources/accounts";
import { balanceRoutes } from "./resources/balance";
import { chargeRoutes } from "./resources/charges";
import { connectOnboardingRoutes } from "./resources/connect-onboarding";
import { customerRoutes } from "./resources/customers";
import { disputeRoutes } from "./resources/disputes";
import { eventRoutes } from "./resources/events";
import { paymentIntentRoutes } from "./resources/payment-intents";
import { paymentMethodRoutes } from "./resources/payment-methods";
import { productRoutes } from "./resources/products";
import { refundRoutes } from "./resources/refunds";
import { setupIntentRoutes } from "./resources/setup-intents";
import { subscriptionRoutes } from "./resources/subscriptions";
import { testClockRoutes } from "./resources/test-clocks";
import { testHelperRoutes } from "./resources/test-helpers";
import { topupRoutes } from "./resources/topups";
import { transferRoutes } from "./resources/transfers";
import { transferReversalRoutes } from "./resources/transfer-reversals";
import { connectedPayoutRoutes } from "./resources/connected-payouts";
import { turnstileRoutes } from "./http/turnstile";
import { webhookEndpointRoutes } from "./resources/webhook-endpoints";
import { runDueDisputeWork } from "./money/disputes";
import { runDueRefundWork } from "./money/refunds";
import { runDueSubscriptionWork } from "./billing/subscription-cycle";

/** Stripe's response headers: a request id, the API version, no caching. */
const stripeHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  let requestId = c.get("requestId");
  if (!requestId) {
    requestId = newId(ID_PREFIX.request);
    c.set("requestId", requestId);
  }
  await next();
  c.res.headers.set("Request-Id", requestId);
  c.res.headers.set("Stripe-Version", c.req.header("Stripe-Version") ?? SANDBOX_API_VERSION);
  c.res.headers.set("Cache-Control", "no-cache, no-store");
};

/** Every call needs one of the sandbox's keys (401 otherwise); routes decide which key suffices. */
const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  keyKind(c);
  await next();
};

/**
 * What Stripe would have done by now on its own (renewals, expiries, ends of canceled periods, refunds
 * that fail later, disputes' outcomes), done before the call, as the sandbox has no timer: after the clock moves, the next
 * call sees it done.
 */
const dueSubscriptionWork: MiddlewareHandler<AppEnv> = async (c, next) => {
  const now = await sandboxNow(c.env.DB);
  await runDueSubscriptionWork(c.env, now, c.executionCtx);
  await runDueRefundWork(c.env, now, c.executionCtx);
  await runDueDisputeWork(c.env, now, c.executionCtx);
  await next();
};

export const sandboxApp = new Hono<AppEnv>()
  // The hosted onboarding page is for a person's browser: no API key, its link is the credential.
  .route("/", connectOnboardingRoutes)
  // The Turnstile stand-in (turnstile.ts): Cloudflare's API, not Stripe's, so none of Stripe's keys or headers.
  .route("/turnstile/v0", turnstileRoutes)
  .use("*", stripeHeaders)
  .use("*", requireApiKey)
  .use("*", limitRequestRate)
  .use("*", dueSubscriptionWork)
  .use("*", refuseUnmodelledConnectedAccount)
  .use("*", injectFaults)
  .use("*", idempotentRequests)
  .route("/", customerRoutes)
  .route("/", paymentMethodRoutes)
  .route("/", setupIntentRoutes)
  .route("/", paymentIntentRoutes)
  .route("/", chargeRoutes)
  .route("/", refundRoutes)
  .route("/", disputeRoutes)
  .route("/", productRoutes)
  .route("/", subscriptionRoutes)
  .route("/", eventRoutes)
  .route("/", accountRoutes)
  .route("/", accountLinkRoutes)
  .route("/", transferRoutes)
  .route("/", transferReversalRoutes)
  .route("/", balanceRoutes)
  .route("/", topupRoutes)
  .route("/", webhookEndpointRoutes)
  .route("/", testClockRoutes)
  .route("/", testHelperRoutes)
  .route("/", connectedPayoutRoutes)
  .all("*", (c) => {
    throw invalidRequest(
      `Unrecognized request URL (${c.req.method}: ${sandboxPath(c.req.path)}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
      { status: 404 },
    );
  });

sandboxApp.onError((error, c) => {
  if (error instanceof StripeApiError) return errorResponse(error);
  console.error(
    JSON.stringify({ level: "error", msg: "stripe sandbox error", requestId: c.get("requestId"), path: c.req.path, error: String(error), stack: error.stack }),
  );
  return errorResponse(apiError());
});
