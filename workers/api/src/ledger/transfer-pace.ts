/**
 * The payout run's Transfers paced to Stripe's limit (docs/decisions/079-payout-transfers-paced.md).
 * Stripe counts the account's Transfers a second, and the run's queue consumers, up to
 * PAYOUT_CONSUMERS at once, share no clock: each takes an equal share of the limit, so together they
 * stay under it however many run. A consumer starts its batch's Transfers one share apart instead of
 * all at once; a 429 that still comes (other requests to the endpoint) is waited out with backoff
 * (platform/stripe-rate-limit.ts).
 */
import { stripeTransfersPerSecond } from "../platform/limits";
import { wait } from "../platform/stripe-rate-limit";

/** The JOBS queue's `max_concurrency` in wrangler.toml, both environments (scripts/production-build.test.ts holds them equal). */
export const PAYOUT_CONSUMERS = 25;

/** Milliseconds between one consumer's Transfers: its share of the account's limit (1 s at Stripe's default 25 a second). */
export const transferSpacingMs = (env: Env): number => (1000 * PAYOUT_CONSUMERS) / stripeTransfersPerSecond(env);

/** `send` for each item, the i-th started i × `spacingMs` after the first; settled as Promise.allSettled settles. */
export const paced = <T, R>(items: readonly T[], spacingMs: number, send: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> =>
  Promise.allSettled(
    items.map(async (item, index) => {
      if (index > 0) await wait(index * spacingMs);
      return send(item);
    }),
  );
