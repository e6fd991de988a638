/**
 * Listener sessions: a provider opens one for a listener's tablet (a signed POST), and the listener
 * token JPlay answers names it (listener-token.ts). The session is stored, so the provider can revoke
 * every session of a listener (a tablet lost, a listener moved) and their tokens are refused at once
 * (401), where a token alone would have lived its whole 30 days. A provider sees and revokes only the
 * sessions it opened.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { listenerSessions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { signListenerToken } from "./listener-token";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OpenedSession {
  sessionId: string;
  token: string;
  expiresAt: string;
}

/** Stores a session of `listenerId` at `providerId` for `lifetimeSeconds` and answers its token, signed with that provider's secret. */
export async function openListenerSession(
  ctx: Ctx,
  providerId: string,
  secret: string,
  listenerId: string,
  lifetimeSeconds: number,
  now: number,
): Promise<OpenedSession> {
  const sessionId = crypto.randomUUID();
  const expires = Math.floor(now / 1000) + lifetimeSeconds;
  await ctx.db.insert(listenerSessions).values({ id: sessionId, providerId, listenerId, createdAt: now, expiresAt: expires * 1000 });
  return { sessionId, token: await signListenerToken(secret, providerId, listenerId, expires, sessionId), expiresAt: new Date(expires * 1000).toISOString() };
}

/** Revokes every live session of `listenerId` that `providerId` opened; answers how many. */
export async function revokeListenerSessions(ctx: Ctx, providerId: string, listenerId: string, now: number): Promise<number> {
  const revoked = await ctx.db
    .update(listenerSessions)
    .set({ revokedAt: now })
    .where(and(eq(listenerSessions.providerId, providerId), eq(listenerSessions.listenerId, listenerId), isNull(listenerSessions.revokedAt)))
    .returning({ id: listenerSessions.id });
  return revoked.length;
}

/** The cron's housekeeping: sessions a day after they expired (a revoked one's token fails its lookup either way). */
export async function purgeEndedListenerSessions(ctx: Ctx, now: number): Promise<void> {
  await ctx.db.delete(listenerSessions).where(lt(listenerSessions.expiresAt, now - DAY_MS));
}
