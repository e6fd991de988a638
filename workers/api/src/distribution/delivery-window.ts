/**
 * When a paid song goes live (docs/product.md, Prices and limits: Pro 24 h, expedited 48 h, recovery 7–14 days, standard
 * 14–30 days). The pipeline promises the start of each window: a song is delivered as soon as its
 * package allows, never later than the window's end (decision record 009).
 *
 * DISTRIBUTION_SECONDS_PER_HOUR compresses the windows for a local demo or a test (1 → an expedited
 * song goes live after 48 s); unset means real hours. It is read from `.dev.vars`, never wrangler.toml,
 * so a deploy cannot inherit it, and it is ignored outside development and tests (src/platform/environment.ts).
 */
import { isDevelopment } from "../platform/environment";
import { PACKAGES } from "@jplay/schema/pricing";
import type { SongPackage } from "@jplay/schema/tables";

const REAL_SECONDS_PER_HOUR = 3600;
const HOUR_MS = 3_600_000;

/** Cloudflare Queues delays a message by at most 12 hours; longer waits are chained or left to the cron sweep. */
export const MAX_QUEUE_DELAY_SECONDS = 12 * 60 * 60;

/** Real seconds per window hour; throws on a value that is not a number in (0, 3600], so a typo is loud. */
export function secondsPerWindowHour(env: Pick<Env, "DISTRIBUTION_SECONDS_PER_HOUR" | "APP_ENV">): number {
  const raw = env.DISTRIBUTION_SECONDS_PER_HOUR;
  if (!isDevelopment(env) || raw === undefined || raw.trim() === "") return REAL_SECONDS_PER_HOUR;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > REAL_SECONDS_PER_HOUR) {
    throw new Error(`DISTRIBUTION_SECONDS_PER_HOUR must be a number above 0 and at most 3600, got "${raw}"`);
  }
  return value;
}

/** A window length in real milliseconds when each window hour lasts `secondsPerHour`. */
const scaled = (windowMs: number, secondsPerHour: number) => Math.round((windowMs / HOUR_MS) * secondsPerHour * 1000);

/** The moment a song paid at `paidAt` with `songPackage` is due: paid time + the window's start, scaled. */
export function deliverAt(paidAt: number, songPackage: SongPackage, secondsPerHour: number): number {
  return paidAt + scaled(PACKAGES[songPackage].deliveryWindowMs.min, secondsPerHour);
}

/** The end of the promised window (paid time + the window's end, scaled): the review's deadline. */
export function windowEndsAt(paidAt: number, songPackage: SongPackage, secondsPerHour: number): number {
  return paidAt + scaled(PACKAGES[songPackage].deliveryWindowMs.max, secondsPerHour);
}

/** The queue delay (whole seconds, capped) until `dueAt`; 0 when it is already due. */
export function queueDelaySeconds(dueAt: number, now: number): number {
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil((dueAt - now) / 1000)));
}
