/**
 * Stripe answers too many requests a second with a 429 `rate_limit` (https://docs.stripe.com/rate-limits),
 * which the SDK does not retry: it retries only what Stripe marks `Stripe-Should-Retry`, conflicts and
 * 5xx. Stripe asks callers to back off exponentially with random jitter. A rate-limited request is
 * refused in front of the API and nothing is stored for its idempotency key, so sending it again under
 * the same key does the work once. Used where the product sends requests in bulk (the payout run's
 * Transfers); an answer still rate-limited after the last try is thrown, for the caller's own retry.
 */
import Stripe from "stripe";

/** Tries in all, and the ceiling of the first wait; each later ceiling doubles (0.5, 1, 2, 4 s: at most 7.5 s of waiting). */
export const RATE_LIMIT_TRIES = 5;
export const FIRST_BACKOFF_MS = 500;

/** Stripe's rate limiter refused the request (not `lock_timeout`, which the SDK retries itself). */
export const isRateLimited = (error: unknown): boolean => error instanceof Stripe.errors.StripeRateLimitError && error.code === "rate_limit";

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends, and on a 429 `rate_limit` waits a random time under a doubling ceiling ("full jitter") and sends again. */
export async function withRateLimitBackoff<T>(send: () => Promise<T>, pause: (ms: number) => Promise<void> = wait): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await send();
    } catch (error) {
      if (!isRateLimited(error) || tried >= RATE_LIMIT_TRIES) throw error;
      await pause(Math.random() * FIRST_BACKOFF_MS * 2 ** (tried - 1));
    }
  }
}
