/**
 * The artist's private page links (`/artist/{token}`, no sign-up): a secret token (secret-token.ts)
 * of which only the SHA-256 hash is stored, so a database read does not reveal working links.
 * A link expires ARTIST_LINK_TTL_DAYS (default 90) after its last visit: a visit renews it (written
 * at most every five minutes). Saving a card again issues another link; the artist (from the
 * page, which then gets a fresh one) or an operator can revoke them all, the operator's revocation in
 * the audit log (docs/decisions/019-sessions-server-side.md, 087-audit-log-hash-chain.md).
 */
import { type SQL, and, eq, isNull, sql } from "drizzle-orm";
import { artistLinks } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { hashSecretToken, newSecretToken } from "../platform/secret-token";
import { openPageLink } from "../platform/page-links";

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_ARTIST_LINK_TTL_DAYS = 90;
/** Ten years: a larger setting is a mistake, not a policy. */
const MAX_TTL_DAYS = 3650;

/** How long an unvisited link keeps working: ARTIST_LINK_TTL_DAYS (whole days), else 90 days. */
export function artistLinkTtlMs(env: { ARTIST_LINK_TTL_DAYS?: string | undefined }): number {
  const days = Number(env.ARTIST_LINK_TTL_DAYS);
  return (Number.isInteger(days) && days >= 1 && days <= MAX_TTL_DAYS ? days : DEFAULT_ARTIST_LINK_TTL_DAYS) * DAY;
}

export const artistPagePath = (token: string) => `/artist/${token}`;

/** Issues a new link for the artist and answers its token (shown once; only its hash is kept). */
export async function issueArtistLink(ctx: Ctx, artistId: string): Promise<string> {
  const token = newSecretToken();
  await ctx.db.insert(artistLinks).values({ id: crypto.randomUUID(), artistId, tokenHash: await hashSecretToken(token) });
  return token;
}

/**
 * A new link as one statement for the caller's D1 batch, written only where `onlyIf` holds (e.g. the
 * text that carries it was written in the same batch), and its token.
 */
export async function artistLinkStatement(artistId: string, onlyIf: SQL): Promise<{ token: string; statement: SQL }> {
  const token = newSecretToken();
  const statement = sql`insert into artist_links (id, artist_id, token_hash) select ${crypto.randomUUID()}, ${artistId}, ${await hashSecretToken(token)} where ${onlyIf}`;
  return { token, statement };
}

/**
 * The artist a token opens, with the link's expiry: a visit renews it (written at most every
 * PAGE_LINK_RENEW_EVERY_MS, platform/page-links.ts, in a statement that checks the link again). Null for an unknown,
 * malformed, revoked or expired token.
 */
export async function openArtistLink(ctx: Ctx, token: string, ttlMs: number, now = ctx.now()): Promise<{ artistId: string; expiresAt: number } | null> {
  const link = await openPageLink(ctx, { table: "artist_links", owner: "artist_id" }, token, ttlMs, now);
  return link && { artistId: link.owner, expiresAt: link.expiresAt };
}

/** The artist a token opens (renewing it, with the default lifetime), or null. */
export async function resolveArtistLink(ctx: Ctx, token: string, now = ctx.now()): Promise<string | null> {
  return (await openArtistLink(ctx, token, DEFAULT_ARTIST_LINK_TTL_DAYS * DAY, now))?.artistId ?? null;
}

/** Revokes every live link of the artist; answers how many were revoked. */
export async function revokeArtistLinks(ctx: Ctx, artistId: string, now = ctx.now()): Promise<number> {
  const revoked = await ctx.db
    .update(artistLinks)
    .set({ revokedAt: now })
    .where(and(eq(artistLinks.artistId, artistId), isNull(artistLinks.revokedAt)))
    .returning({ id: artistLinks.id });
  return revoked.length;
}

/** An operator revokes every live link of the artist, in one batch with the audit record naming them; answers how many. */
export async function revokeArtistLinksByOperator(ctx: Ctx, artistId: string, operator: string, now = ctx.now()): Promise<number> {
  // The record first, counting the links the update then revokes (one transaction: the same links).
  const [, revoked] = await runBatch(ctx.db, [
    auditEntry({
      at: now,
      actor: operator,
      action: "links_revoked",
      artistId,
      detail: sql`'Revoked the artist''s private page links: ' || (select count(*) from artist_links where artist_id = ${artistId} and revoked_at is null) || ' live'`,
    }),
    sql`update artist_links set revoked_at = ${now} where artist_id = ${artistId} and revoked_at is null`,
  ]);
  return revoked.meta.changes;
}

/** The artist's own "revoke my links": every link revoked, and one new link, whose token is answered. */
export async function replaceArtistLinks(ctx: Ctx, artistId: string, now = ctx.now()): Promise<{ revoked: number; token: string }> {
  const revoked = await revokeArtistLinks(ctx, artistId, now);
  return { revoked, token: await issueArtistLink(ctx, artistId) };
}
