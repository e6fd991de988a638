/**
 * Operator sessions of the local password sign-in, kept in D1 (docs/decisions/019-sessions-server-side.md):
 * the cookie holds a random token, the row (found by its SHA-256) says whether it is still good.
 * Signing out ends the row, so a copy of the cookie stops working too; a session lasts 8 hours.
 */
import { and, eq, gt, isNull, lt, or, isNotNull } from "drizzle-orm";
import { adminSessions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { hashSecretToken, newSecretToken, TOKEN_PATTERN } from "../platform/secret-token";

export const ADMIN_SESSION_MS = 8 * 60 * 60 * 1000;

export async function startAdminSessionRow(ctx: Ctx, now = ctx.now()): Promise<{ token: string; expiresAt: number }> {
  const token = newSecretToken();
  const expiresAt = now + ADMIN_SESSION_MS;
  await ctx.db.insert(adminSessions).values({ id: crypto.randomUUID(), tokenHash: await hashSecretToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

export async function adminSessionAlive(ctx: Ctx, token: string, now = ctx.now()): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [row] = await ctx.db
    .select({ id: adminSessions.id })
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, await hashSecretToken(token)), isNull(adminSessions.endedAt), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function endAdminSessionRow(ctx: Ctx, token: string, now = ctx.now()): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await ctx.db
    .update(adminSessions)
    .set({ endedAt: now })
    .where(and(eq(adminSessions.tokenHash, await hashSecretToken(token)), isNull(adminSessions.endedAt)));
}

/** Deletes sessions that ended or expired more than a day ago (the 15-minute cron). */
export async function purgeDeadAdminSessions(ctx: Ctx, now = ctx.now()): Promise<void> {
  const cutoff = now - 24 * 60 * 60 * 1000;
  await ctx.db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, cutoff), and(isNotNull(adminSessions.endedAt), lt(adminSessions.endedAt, cutoff))));
}
