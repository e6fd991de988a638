/**
 * Fixed-window rate limits kept in D1, one atomic upsert per hit, so concurrent requests cannot both
 * slip under the limit. Used against card testing: setup intents per client address and in all, saves
 * per phone and in all (routes/create-setup-intent.ts and save-payment-method.ts, numbers in src/limits.ts).
 */
import { sql } from "drizzle-orm";
import { rateLimits } from "@jplay/schema/tables";
import { createDb } from "../db";
import { AppError } from "../errors";
import { addressKey } from "./client-address";

export interface RateLimit {
  /** e.g. "setup-intent:ip:ip4:203.0.113.9" or "setup-intent:all" */
  key: string;
  limit: number;
  windowMs: number;
  /** What a person reads when the limit is reached (marked for translation where it is written, errors.ts). */
  message: string;
}

export async function enforceRateLimit(d1: D1Database, rule: RateLimit, now = Date.now()): Promise<void> {
  // A window that started `windowMs` ago or earlier is over: this hit starts a new one.
  const windowOver = sql`${rateLimits.windowStart} <= ${now - rule.windowMs}`;
  const [row] = await createDb(d1)
    .insert(rateLimits)
    .values({ key: rule.key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  if (row && row.hits > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000));
    throw new AppError(429, "rate_limited", rule.message, { "Retry-After": String(retryAfterSeconds) });
  }
}

/**
 * The caller's address as Cloudflare reports it (wrangler dev sets it locally too), as the key it is
 * limited under: an IPv6 client by its /64, any spelling of one address alike (client-address.ts).
 */
export const clientAddress = (headers: Headers) => addressKey(headers.get("CF-Connecting-IP"));
