/**
 * When Stripe itself fails (5xx, rate limit, connection), a payment answer says so with 503 and a
 * message the artist can act on, instead of a generic 500. The payment row stays as it was: the
 * same request resumes it later (with the same idempotency key, or after a 500 a lookup and the next
 * key: platform/stripe-lookup.ts), and webhooks or the cron's reconciliation settle what Stripe did.
 */
import Stripe from "stripe";
import { AppError } from "./errors";
import { loggableError } from "./loggable-error";

export function rethrowProviderFailure(error: unknown, requestId: string | undefined): never {
  if (
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    console.error(JSON.stringify({ level: "error", msg: "payment provider failed", requestId, ...loggableError(error) }));
    throw new AppError(503, "payments_unavailable", /*i18n*/ "Payments are temporarily unavailable. Please try again in a minute.", { "Retry-After": "30" });
  }
  throw error;
}
