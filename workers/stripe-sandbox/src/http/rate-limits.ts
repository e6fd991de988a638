/**
 * Stripe's request-rate limiter (https://docs.stripe.com/rate-limits): requests a second per account,
 * counted once against a global limit and once against the limit of their endpoint, where each named
 * API operation is an endpoint of its own (`POST /v1/transfers` and `GET /v1/transfers/{id}` are two;
 * every id shares its operation's count). Past either limit Stripe answers 429 with the error code
 * `rate_limit` and the header `Stripe-Rate-Limited-Reason` (`global-rate` or `endpoint-rate`). The
 * limiter stands in front of the API, so nothing is stored for an idempotency key and a retry with
 * the same key runs the request.
 *
 * The limits default to live mode's documented ones (100 a second in all, 25 a second per endpoint),
 * the ones the product meets in production; Stripe's own sandboxes allow 25 a second in all. A
 * deployment of the sandbox sets others with `RATE_LIMITS` (env.ts), and a test with
 * `POST /v1/test_helpers/rate_limits` while the sandbox runs. Each limit is a token bucket holding a
 * second's worth of requests, refilled continuously, in the isolate's memory: the sandbox runs as one
 * isolate, and a limiter that loses its counts on a restart only lets a little more through.
 * The sandbox-only helpers (`/v1/test_helpers/…`) are not counted, so a test can always reach them.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { type RateLimitedReason, rateLimited } from "./errors";
import { sandboxPath } from "./paths";

export interface RateLimits {
  /** Requests a second over every endpoint together. */
  global: number;
  /** Requests a second to any one endpoint. */
  endpoint: number;
}

/** Live mode's limits (https://docs.stripe.com/rate-limits). */
export const LIVE_RATE_LIMITS: RateLimits = { global: 100, endpoint: 25 };
/** The highest limit a setting may name: above it the bucket would never run dry in a test. */
export const MAX_RATE_LIMIT = 100_000;

/** Reads `RATE_LIMITS`: unset → live mode's, `off` → none, or `global=<n>,endpoint=<n>` (either may be left out). */
export function parseRateLimits(setting: string | undefined): RateLimits | null {
  const text = setting?.trim() ?? "";
  if (text === "") return LIVE_RATE_LIMITS;
  if (text === "off") return null;
  const limits = { ...LIVE_RATE_LIMITS };
  for (const part of text.split(",")) {
    const [name, value] = part.split("=").map((piece) => piece.trim());
    const perSecond = Number(value);
    if ((name !== "global" && name !== "endpoint") || !Number.isInteger(perSecond) || perSecond < 1 || perSecond > MAX_RATE_LIMIT) {
      throw new Error(`RATE_LIMITS: "${part}" is not global=<n> or endpoint=<n> with n from 1 to ${MAX_RATE_LIMIT}`);
    }
    limits[name] = perSecond;
  }
  return limits;
}

/** A path's fixed words (`v1`, `payment_intents`, `confirm`): any other segment is an object's id (`tr_1Abc`). */
const RESOURCE_WORD = /^[a-z0-9_]*[a-z_]$|^v1$/;

/** The endpoint a request counts against: its method and its path with every id a placeholder. */
export const endpointOf = (method: string, path: string) =>
  `${method} ${path
    .split("/")
    .map((segment) => (segment === "" || RESOURCE_WORD.test(segment) ? segment : "{id}"))
    .join("/")}`;

class TokenBucket {
  private tokens: number;
  private filledAt: number;

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond;
    this.filledAt = now;
  }

  /** Whether a request may pass now (a token is taken if so). */
  take(now: number): boolean {
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.filledAt) / 1000) * this.perSecond);
    this.filledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * Gives back a token taken for a request the other limit then refused: a refused request counts
   * against neither (Stripe's docs do not say; this sandbox's choice, the lenient one).
   */
  giveBack(): void {
    this.tokens = Math.min(this.perSecond, this.tokens + 1);
  }
}

interface LimiterState {
  limits: RateLimits | null;
  global: TokenBucket | null;
  endpoints: Map<string, TokenBucket>;
  /** 429s answered under these limits, by reason: what a benchmark reads to see whether it kept to them. */
  refused: Record<RateLimitedReason, number>;
}

type Override = { limits: RateLimits | null } | null;
/** Set by the test helper; null until then, when `RATE_LIMITS` holds. */
let override: Override = null;
/** The buckets of the limits in force, made again when the setting or the override changes. */
let state: (LimiterState & { setting: string | undefined; overridden: Override }) | null = null;

/** The test helper's change: new limits from now on, every bucket full. `undefined` returns to `RATE_LIMITS`. */
export function setRateLimits(limits: RateLimits | null | undefined): void {
  override = limits === undefined ? null : { limits };
  state = null;
}

function limiter(setting: string | undefined, now: number): LimiterState {
  if (state && state.setting === setting && state.overridden === override) return state;
  const limits = override ? override.limits : parseRateLimits(setting);
  state = {
    setting,
    overridden: override,
    limits,
    global: limits ? new TokenBucket(limits.global, now) : null,
    endpoints: new Map(),
    refused: { "global-rate": 0, "endpoint-rate": 0 },
  };
  return state;
}

/** The limits in force and the 429s answered under them (the test helper's answer). */
export function rateLimitsReport(setting: string | undefined) {
  const { limits, refused } = limiter(setting, Date.now());
  return { object: "sandbox.rate_limits", limits, refused: { ...refused } };
}

/** Counts the request; 429 `rate_limit` past a limit. Runs before faults and idempotency (sandbox-app.ts). */
export const limitRequestRate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = sandboxPath(c.req.path);
  if (path.startsWith("/v1/test_helpers/")) return next();
  const now = Date.now();
  const { limits, global, endpoints, refused } = limiter(c.env.RATE_LIMITS, now);
  if (!limits || !global) return next();
  const endpoint = endpointOf(c.req.method, path);
  let bucket = endpoints.get(endpoint);
  if (!bucket) endpoints.set(endpoint, (bucket = new TokenBucket(limits.endpoint, now)));
  let reason: RateLimitedReason | null = null;
  if (!global.take(now)) reason = "global-rate";
  else if (!bucket.take(now)) {
    global.giveBack();
    reason = "endpoint-rate";
  }
  if (reason) {
    refused[reason] += 1;
    throw rateLimited(reason);
  }
  await next();
};
