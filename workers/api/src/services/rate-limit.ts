/**
 * Fixed-window rate limits kept in D1, one atomic upsert per hit, so concurrent requests cannot both
 * slip under the limit. Used against card testing: setup intents per client address and in all, saves
 * per phone and in all (routes/payment-setup.ts, numbers in src/limits.ts).
 */
import { AppError } from "../errors";
import { addressKey } from "./client-address";

export interface RateLimit {
  /** e.g. "setup-intent:ip:ip4:203.0.113.9" or "setup-intent:all" */
  key: string;
  limit: number;
  windowMs: number;
  /** What a person reads when the limit is reached. */
  message: string;
}

export async function enforceRateLimit(d1: D1Database, rule: RateLimit, now = Date.now()): Promise<void> {
  const row = await d1
    .prepare(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.hits + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN ?2 ELSE rate_limits.window_start END
       RETURNING hits, window_start`,
    )
    .bind(rule.key, now, rule.windowMs)
    .first<{ hits: number; window_start: number }>();
  if (row && row.hits > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.window_start + rule.windowMs - now) / 1000));
    throw new AppError(429, "rate_limited", rule.message, { "Retry-After": String(retryAfterSeconds) });
  }
}

/**
 * The caller's address as Cloudflare reports it (wrangler dev sets it locally too), as the key it is
 * limited under: an IPv6 client by its /64, any spelling of one address alike (client-address.ts).
 */
export const clientAddress = (headers: Headers) => addressKey(headers.get("CF-Connecting-IP"));
