/**
 * The one context a request, a queue batch or a cron run works with (docs/architecture.md, "Layers"):
 * the handles every service needs, built once by the entry point from the env it was given
 * (platform/middleware/request-context.ts for requests, worker/handle-job.ts and
 * worker/record-dead-letters.ts for queue batches, worker/run-scheduled.ts for cron runs) and taken by
 * services as their first parameter, `fn(ctx, …)`. Nothing else builds a db, a Stripe client or the
 * typed queue.
 */
import type Stripe from "stripe";
import { createDb, type Db } from "./db";
import type { JobQueue } from "./job";
import { createStripe } from "./stripe-client";

export interface Ctx {
  /** drizzle over the env's D1 binding (platform/db.ts). */
  readonly db: Db;
  /** The JOBS queue, typed by its messages (platform/job.ts). */
  readonly jobs: JobQueue;
  /** The R2 bucket of songs' audio, covers and videos. */
  readonly media: R2Bucket;
  /**
   * The Stripe SDK (platform/stripe-client.ts), built on first use: work that never reaches Stripe runs
   * without payments configured. Where payments are not configured, each use throws createStripe's 503
   * (logged once); a route that must refuse before it writes reads it first (`stripeReady`).
   */
  readonly stripe: Stripe;
  /** The bindings and settings the entry point was given. */
  readonly env: Env;
  /** The time now, in milliseconds since the epoch (`Date.now()` unless a test fixes it). */
  readonly now: () => number;
}

/** What a test puts in place of the env's own: a capturing queue, a Stripe client, a clock. */
export interface ContextOverrides {
  jobs?: JobQueue;
  stripe?: Stripe;
  now?: () => number;
}

export function contextFor(env: Env, overrides: ContextOverrides = {}): Ctx {
  let stripe = overrides.stripe;
  return {
    db: createDb(env.DB),
    // Env's JOBS is an untyped Queue: typed here once, by platform/job.ts's messages.
    jobs: overrides.jobs ?? env.JOBS,
    media: env.MEDIA,
    env,
    now: overrides.now ?? (() => Date.now()),
    get stripe() {
      return (stripe ??= createStripe(env));
    },
  };
}

/**
 * Builds the Stripe client now, so a call that writes before its first Stripe request refuses with the
 * 503 of unconfigured payments before it writes anything. Answers the context.
 */
export function stripeReady(ctx: Ctx): Ctx {
  void ctx.stripe;
  return ctx;
}
