/**
 * Against password guessing on the operator sign-in (docs/decisions/011-admin-access.md): every try
 * is counted before its password is compared, by one conditional INSERT that also checks both
 * limits — per client address and overall — so parallel guesses cannot slip past a limit together.
 * A right password gives its slot back. While a limit holds, every try (the right password too) is
 * answered 429 with Retry-After and the time to try again. Sliding windows over the attempts table.
 */
import { AppError } from "../errors";

const MINUTE = 60 * 1000;

/** Wrong passwords allowed per client address in SIGN_IN_ADDRESS_WINDOW_MS, and overall in SIGN_IN_OVERALL_WINDOW_MS. */
export const SIGN_IN_FAILURES_PER_ADDRESS = 5;
export const SIGN_IN_ADDRESS_WINDOW_MS = 15 * MINUTE;
export const SIGN_IN_FAILURES_OVERALL_PER_HOUR = 50;
export const SIGN_IN_OVERALL_WINDOW_MS = 60 * MINUTE;

/** "14:05 UTC (in 12 minutes)": when a lockout ends, for the operator. */
export function lockoutEndText(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / MINUTE));
  return `${new Date(until).toISOString().slice(11, 16)} UTC (in ${minutes} minute${minutes === 1 ? "" : "s"})`;
}

/** When the limits that refused a try stop holding (the oldest attempt that fills a window leaves it). */
async function lockedUntil(d1: D1Database, address: string, now: number): Promise<number> {
  const row = await d1
    .prepare(
      `SELECT
         (SELECT at FROM admin_sign_in_attempts WHERE address = ?1 AND at > ?2 - ?3 ORDER BY at DESC LIMIT 1 OFFSET ?4) AS addressAt,
         (SELECT at FROM admin_sign_in_attempts WHERE at > ?2 - ?5 ORDER BY at DESC LIMIT 1 OFFSET ?6) AS overallAt`,
    )
    .bind(address, now, SIGN_IN_ADDRESS_WINDOW_MS, SIGN_IN_FAILURES_PER_ADDRESS - 1, SIGN_IN_OVERALL_WINDOW_MS, SIGN_IN_FAILURES_OVERALL_PER_HOUR - 1)
    .first<{ addressAt: number | null; overallAt: number | null }>();
  const ends = [
    row?.addressAt != null ? row.addressAt + SIGN_IN_ADDRESS_WINDOW_MS : null,
    row?.overallAt != null ? row.overallAt + SIGN_IN_OVERALL_WINDOW_MS : null,
  ].filter((end): end is number => end !== null && end > now);
  // Both windows emptied between the two statements: the next try may go ahead.
  return ends.length > 0 ? Math.max(...ends) : now + 1000;
}

/**
 * Counts this try as a wrong password, if both limits leave room for it; answers its id (give it back
 * with `releaseSignInTry` when the password is right). Throws 429 while a limit holds.
 */
export async function claimSignInTry(d1: D1Database, address: string, now = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  const claimed = await d1
    .prepare(
      `INSERT INTO admin_sign_in_attempts (id, address, at)
       SELECT ?1, ?2, ?3
       WHERE (SELECT count(*) FROM admin_sign_in_attempts WHERE address = ?2 AND at > ?3 - ?4) < ?5
         AND (SELECT count(*) FROM admin_sign_in_attempts WHERE at > ?3 - ?6) < ?7`,
    )
    .bind(id, address, now, SIGN_IN_ADDRESS_WINDOW_MS, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_OVERALL_WINDOW_MS, SIGN_IN_FAILURES_OVERALL_PER_HOUR)
    .run();
  if (claimed.meta.changes === 1) return id;
  const until = await lockedUntil(d1, address, now);
  throw new AppError(429, "rate_limited", `Too many wrong passwords. You can try again at ${lockoutEndText(until, now)}.`, {
    "Retry-After": String(Math.max(1, Math.ceil((until - now) / 1000))),
  });
}

/** The password was right: this try does not count against anyone. */
export async function releaseSignInTry(d1: D1Database, id: string): Promise<void> {
  await d1.prepare("DELETE FROM admin_sign_in_attempts WHERE id = ?1").bind(id).run();
}

/** Deletes tries older than the longest window (the 15-minute cron). */
export async function purgeOldSignInTries(d1: D1Database, now = Date.now()): Promise<void> {
  await d1.prepare("DELETE FROM admin_sign_in_attempts WHERE at <= ?1").bind(now - Math.max(SIGN_IN_ADDRESS_WINDOW_MS, SIGN_IN_OVERALL_WINDOW_MS)).run();
}
