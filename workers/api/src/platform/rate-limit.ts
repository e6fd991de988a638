/**
 * Fixed-window rate limits kept in D1, one atomic upsert per counted hit, so concurrent requests cannot
 * both slip under the limit. A refused hit writes nothing: a client over its limit is refused from a
 * read, before any write, and the upsert only moves a count that is under its limit (or starts a new
 * window), so one that lost a race to the limit leaves the row as it was;
 * rows whose windows ended long ago are deleted by the cron (`pruneRateLimits`). Used against card
 * testing: setup intents per client address, saves per session, address and phone, and the card checks
 * of all clients together, which decide who must pass a challenge (payments/cards/setup-challenges.ts;
 * numbers in src/platform/limits.ts).
 */
import { eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "@jplay/schema/tables";
import type { Ctx } from "./context";
import { AppError } from "./errors";
import { addressKey } from "./client-address";

export interface RateLimit {
  /** e.g. "setup-intent:ip:ip4:203.0.113.9" or "save-card:customer:cus_…" */
  key: string;
  limit: number;
  windowMs: number;
  /** What a person reads when the limit is reached (marked for translation where it is written, platform/errors.ts). */
  message: string;
}

export async function enforceRateLimit(ctx: Ctx, rule: RateLimit, now = ctx.now()): Promise<void> {
  const { db } = ctx;
  // A client already over its limit is refused from a read: a flood of refused requests writes nothing.
  const [current] = await db
    .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, rule.key))
    .limit(1);
  if (current && current.windowStart > now - rule.windowMs && current.hits >= rule.limit) throw refusal(rule, current.windowStart, now);
  // A window that started `windowMs` ago or earlier is over: this hit starts a new one.
  const windowOver = sql`${rateLimits.windowStart} <= ${now - rule.windowMs}`;
  const [counted] = await db
    .insert(rateLimits)
    .values({ key: rule.key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now} else ${rateLimits.windowStart} end`,
      },
      // Concurrent hits that all read "under the limit": only those still under it are written.
      setWhere: sql`${windowOver} or ${rateLimits.hits} < ${rule.limit}`,
    })
    .returning({ hits: rateLimits.hits });
  if (counted) return;
  const [row] = await db.select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, rule.key)).limit(1);
  throw refusal(rule, row?.windowStart ?? now, now);
}

/**
 * The window still open at `now` under `key` (its hits and start), or null when none is: a read, so a
 * request can be judged (challenged, refused) before anything of it is written.
 */
export async function openWindow(ctx: Ctx, key: string, windowMs: number, now = ctx.now()): Promise<{ hits: number; windowStart: number } | null> {
  const [current] = await ctx.db
    .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  return current && current.windowStart > now - windowMs ? current : null;
}

/**
 * Counts one hit under `key` with no limit: a count that decides who is challenged
 * (payments/cards/setup-challenges.ts) and never refuses anyone by itself.
 */
export async function countHit(ctx: Ctx, key: string, windowMs: number, now = ctx.now()): Promise<void> {
  const windowOver = sql`${rateLimits.windowStart} <= ${now - windowMs}`;
  await ctx.db
    .insert(rateLimits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now} else ${rateLimits.windowStart} end`,
      },
    });
}

/** 429 with the rule's message and the seconds until its window ends. */
export function refusal(rule: RateLimit, windowStart: number, now: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return new AppError(429, "rate_limited", rule.message, { "Retry-After": String(retryAfterSeconds) });
}

/**
 * How long a row outlives the window it counted: the longest window is an hour, and the SetupIntent
 * failure markers kept in the same table (setup-intent-failures.ts) must outlast Stripe's webhook
 * retries (three days), so a redelivered event is still counted once.
 */
export const RATE_LIMIT_ROWS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes rows whose windows started more than RATE_LIMIT_ROWS_KEPT_MS ago (the 15-minute cron); answers how many. */
export async function pruneRateLimits(ctx: Ctx, now: number): Promise<number> {
  const result = await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, now - RATE_LIMIT_ROWS_KEPT_MS));
  return result.meta.changes;
}

/**
 * The caller's address as Cloudflare reports it (wrangler dev sets it locally too), as the key it is
 * limited under: an IPv6 client by its /64, any spelling of one address alike (client-address.ts).
 */
export const clientAddress = (headers: Headers) => addressKey(headers.get("CF-Connecting-IP"));
