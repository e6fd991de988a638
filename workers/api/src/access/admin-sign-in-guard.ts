/**
 * Against password guessing on the operator sign-in (docs/decisions/011-admin-access.md): every try
 * is counted before its password is compared, by one conditional INSERT that also checks both
 * limits — per client address and overall — so parallel guesses cannot slip past a limit together.
 * A right password gives its slot back. While a limit holds, every try (the right password too) is
 * answered 429 with Retry-After and the time to try again. Sliding windows over the attempts table.
 */
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { adminSignInAttempts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import type { Db } from "../platform/db";
import { AppError } from "../platform/errors";

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

/** The newest `offset + 1`-th try in a window (of one address, or of all): the one that fills it. */
const tryFillingWindow = (db: Db, since: number, offset: number, address?: string) =>
  db
    .select({ at: adminSignInAttempts.at })
    .from(adminSignInAttempts)
    .where(and(address === undefined ? undefined : eq(adminSignInAttempts.address, address), gt(adminSignInAttempts.at, since)))
    .orderBy(desc(adminSignInAttempts.at))
    .limit(1)
    .offset(offset);

/** When the limits that refused a try stop holding (the oldest attempt that fills a window leaves it). */
async function lockedUntil({ db }: Ctx, address: string, now: number): Promise<number> {
  const [[addressFull], [overallFull]] = await db.batch([
    tryFillingWindow(db, now - SIGN_IN_ADDRESS_WINDOW_MS, SIGN_IN_FAILURES_PER_ADDRESS - 1, address),
    tryFillingWindow(db, now - SIGN_IN_OVERALL_WINDOW_MS, SIGN_IN_FAILURES_OVERALL_PER_HOUR - 1),
  ]);
  const ends = [addressFull ? addressFull.at + SIGN_IN_ADDRESS_WINDOW_MS : null, overallFull ? overallFull.at + SIGN_IN_OVERALL_WINDOW_MS : null].filter(
    (end): end is number => end !== null && end > now,
  );
  // Both windows emptied between the two statements: the next try may go ahead.
  return ends.length > 0 ? Math.max(...ends) : now + 1000;
}

/**
 * Counts this try as a wrong password, if both limits leave room for it; answers its id (give it back
 * with `releaseSignInTry` when the password is right). Throws 429 while a limit holds.
 */
export async function claimSignInTry(ctx: Ctx, address: string, now = ctx.now()): Promise<string> {
  const id = crypto.randomUUID();
  // A conditional INSERT (the counts in its WHERE), which drizzle's builder cannot say.
  const claimed = await ctx.db.run(sql`
    insert into ${adminSignInAttempts} (id, address, at)
    select ${id}, ${address}, ${now}
    where (select count(*) from ${adminSignInAttempts} where address = ${address} and at > ${now - SIGN_IN_ADDRESS_WINDOW_MS}) < ${SIGN_IN_FAILURES_PER_ADDRESS}
      and (select count(*) from ${adminSignInAttempts} where at > ${now - SIGN_IN_OVERALL_WINDOW_MS}) < ${SIGN_IN_FAILURES_OVERALL_PER_HOUR}`);
  if (claimed.meta.changes === 1) return id;
  const until = await lockedUntil(ctx, address, now);
  throw new AppError(429, "rate_limited", `Too many wrong passwords. You can try again at ${lockoutEndText(until, now)}.`, {
    "Retry-After": String(Math.max(1, Math.ceil((until - now) / 1000))),
  });
}

/** The password was right: this try does not count against anyone. */
export async function releaseSignInTry(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.delete(adminSignInAttempts).where(eq(adminSignInAttempts.id, id));
}

/** Deletes tries older than the longest window (the 15-minute cron). */
export async function purgeOldSignInTries(ctx: Ctx, now = ctx.now()): Promise<void> {
  const cutoff = now - Math.max(SIGN_IN_ADDRESS_WINDOW_MS, SIGN_IN_OVERALL_WINDOW_MS);
  await ctx.db.delete(adminSignInAttempts).where(lte(adminSignInAttempts.at, cutoff));
}
