/**
 * Artist browser sessions kept in D1 (docs/decisions/019-sessions-server-side.md): each row is one
 * browser's session, found by the SHA-256 of the token in its cookie. A session lasts at most
 * SESSION_ABSOLUTE_MS from its start and ends after SESSION_IDLE_MS without use; the artist (from
 * their page) or an operator can end it at once (the operator's ending in the audit log,
 * docs/decisions/087-audit-log-hash-chain.md). Saving a card replaces the saving browser's session
 * with a new one bound to the artist, and only that one: the artist's other browsers keep theirs.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { artistSessions, type SessionEndReason } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { hashSecretToken, newSecretToken, TOKEN_PATTERN } from "../platform/secret-token";
import type { ArtistSession } from "../platform/env";

const DAY = 24 * 60 * 60 * 1000;
/** However much it is used, a session ends 30 days after it started. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** A session unused for 7 days has ended. */
export const SESSION_IDLE_MS = 7 * DAY;
/** At most this much of a User-Agent is kept. */
const USER_AGENT_MAX = 512;
export type { ArtistSession };

/** Sessions listed for one artist (newest use first). */
export const SESSIONS_LISTED = 50;

export interface StartedSession {
  token: string;
  session: ArtistSession;
}

export async function startArtistSession(
  ctx: Ctx,
  owner: { stripeCustomerId: string; artistId: string | null; userAgent: string | null | undefined },
  now = ctx.now(),
): Promise<StartedSession> {
  const token = newSecretToken();
  const session: ArtistSession = {
    id: crypto.randomUUID(),
    stripeCustomerId: owner.stripeCustomerId,
    artistId: owner.artistId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_ABSOLUTE_MS,
    userAgent: owner.userAgent?.slice(0, USER_AGENT_MAX) || null,
  };
  await ctx.db.insert(artistSessions).values({ ...session, tokenHash: await hashSecretToken(token) });
  return { token, session };
}

/** Conditions under which a session is still alive at `now`. */
const alive = (now: number) => and(isNull(artistSessions.endedAt), gt(artistSessions.expiresAt, now), gt(artistSessions.lastSeenAt, now - SESSION_IDLE_MS));

const columns = {
  id: artistSessions.id,
  stripeCustomerId: artistSessions.stripeCustomerId,
  artistId: artistSessions.artistId,
  createdAt: artistSessions.createdAt,
  lastSeenAt: artistSessions.lastSeenAt,
  expiresAt: artistSessions.expiresAt,
  userAgent: artistSessions.userAgent,
};

/**
 * A session's last use is written at most this often: reads in between write nothing to D1, and the
 * idle limit (7 days) is kept to within these minutes.
 */
export const SESSION_TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * The live session a cookie's token opens; null when unknown, ended, idle or expired. Its last use is
 * moved to `now` when older than SESSION_TOUCH_EVERY_MS, in a statement that checks again that it
 * is alive (an ending in between wins).
 */
export async function useArtistSession(ctx: Ctx, token: string, now = ctx.now()): Promise<ArtistSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [session] = await ctx.db
    .select(columns)
    .from(artistSessions)
    .where(and(eq(artistSessions.tokenHash, await hashSecretToken(token)), alive(now)))
    .limit(1);
  if (!session || now - session.lastSeenAt < SESSION_TOUCH_EVERY_MS) return session ?? null;
  const [touched] = await ctx.db
    .update(artistSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(artistSessions.id, session.id), alive(now)))
    .returning(columns);
  return touched ?? null;
}

export async function endArtistSession(ctx: Ctx, sessionId: string, reason: SessionEndReason, now = ctx.now()): Promise<boolean> {
  const ended = await ctx.db
    .update(artistSessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(artistSessions.id, sessionId), isNull(artistSessions.endedAt)))
    .returning({ id: artistSessions.id });
  return ended.length === 1;
}

/** Ends one of the artist's live sessions; false when it is not theirs or has already ended. */
export async function endSessionOfArtist(ctx: Ctx, artistId: string, sessionId: string, reason: SessionEndReason, now = ctx.now()): Promise<boolean> {
  const ended = await ctx.db
    .update(artistSessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(artistSessions.id, sessionId), eq(artistSessions.artistId, artistId), alive(now)))
    .returning({ id: artistSessions.id });
  return ended.length === 1;
}

/**
 * An operator ends every live session of the artist, in one batch with the audit record naming them
 * (the record first, counting the sessions the update then ends: one transaction, the same sessions);
 * answers how many ended.
 */
export async function endSessionsOfArtist(ctx: Ctx, artistId: string, operator: string, now = ctx.now()): Promise<number> {
  const live = sql`${artistSessions.artistId} = ${artistId} and ${alive(now)}`;
  const [, ended] = await runBatch(ctx.db, [
    auditEntry({
      at: now,
      actor: operator,
      action: "sessions_ended",
      artistId,
      detail: sql`'Ended the artist''s signed-in browser sessions: ' || (select count(*) from artist_sessions where ${live}) || ' live'`,
    }),
    sql`update artist_sessions set ended_at = ${now}, ended_reason = ${"ended_by_operator" satisfies SessionEndReason} where ${live}`,
  ]);
  return ended.meta.changes;
}

/** The artist's live sessions, most recently used first: await it, or put it in a batch (admin/'s details do). */
export const liveSessionsOfArtist = (ctx: Ctx, artistId: string, now = ctx.now()) =>
  ctx.db
    .select(columns)
    .from(artistSessions)
    .where(and(eq(artistSessions.artistId, artistId), alive(now)))
    .orderBy(desc(artistSessions.lastSeenAt))
    .limit(SESSIONS_LISTED);

/** Deletes sessions that ended or expired more than a day ago (the 15-minute cron). */
export async function purgeDeadArtistSessions(ctx: Ctx, now = ctx.now()): Promise<number> {
  const cutoff = now - DAY;
  const result = await ctx.db.run(sql`
    delete from artist_sessions
    where (ended_at is not null and ended_at < ${cutoff}) or expires_at < ${cutoff} or last_seen_at < ${cutoff - SESSION_IDLE_MS}`);
  return result.meta.changes;
}
