/**
 * A flood from one client is refused before it costs a D1 statement: card-setup routes on
 * `CLIENT_BURSTS`, and reads of the public catalogue the edge cache cannot answer on `PUBLIC_READ_BURSTS`. The limits in D1
 * (platform/rate-limit.ts) read a row even to refuse, so every request of a flood past its limit
 * still cost D1 reads; here Cloudflare's Workers Rate Limiting binding (`CLIENT_BURSTS`,
 * wrangler.toml) counts each client address per route group first, and a client past
 * CLIENT_BURST_PER_MINUTE (platform/limits.ts) is refused from that count alone. The binding
 * counts only periods of 10 or 60 seconds, per Cloudflare location and not exactly, so the hourly
 * limits per client and the ceilings over all clients stay in D1 (docs/decisions/061). The binding
 * is always there: both environments of wrangler.toml declare it, and `wrangler dev` and the Worker
 * tests (which read wrangler.toml) give a local one, so there is no path without it. A local
 * server whose browser tests all come from 127.0.0.1 turns the count off (CLIENT_BURST_CHECK "off",
 * scripts/dev-vars.ts), as it raises the D1 limits; production ignores that setting.
 */
import type { Ctx } from "./context";
import { AppError } from "./errors";
import { TOO_MANY_REQUESTS } from "./limits";
import { clientAddress } from "./rate-limit";
import { isDevelopment } from "./environment";

/**
 * The binding's period, in seconds (`simple.period` in wrangler.toml). It does not say when its
 * window ends, so a refused client is told to wait a whole period: by then a new one has begun.
 */
const PERIOD_SECONDS = 60;

/** Counts under `key` on `binding`; 429 past its limit. */
async function countBurst(ctx: Ctx, binding: RateLimit, key: string): Promise<void> {
  if (isDevelopment(ctx.env) && ctx.env.CLIENT_BURST_CHECK === "off") return;
  const { success } = await binding.limit({ key });
  if (!success) throw new AppError(429, "rate_limited", TOO_MANY_REQUESTS, { "Retry-After": String(PERIOD_SECONDS) });
}

/** Counts this request against its client's burst in `group` (e.g. "setup-intent"); 429 past the limit. */
export async function enforceClientBurstLimit(ctx: Ctx, group: string, headers: Headers): Promise<void> {
  await countBurst(ctx, ctx.env.CLIENT_BURSTS, `${group}:${clientAddress(headers)}`);
}

/**
 * Counts a read of the public catalogue that is about to reach D1 (the edge cache had no answer for it)
 * against its client's burst on `PUBLIC_READ_BURSTS` (PUBLIC_READ_BURST_PER_MINUTE, platform/limits.ts):
 * called where a cached read builds its answer, so answers from the cache are never counted. 429 past it.
 */
export async function enforcePublicReadBurst(ctx: Ctx, headers: Headers): Promise<void> {
  await countBurst(ctx, ctx.env.PUBLIC_READ_BURSTS, `public-read:${clientAddress(headers)}`);
}
