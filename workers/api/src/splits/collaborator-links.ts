/**
 * A collaborator's private page links (`/collaborator/{token}`, docs/splits.md, Accepting), made as
 * the artist's page links are (access/artist-links.ts): a secret token of which only the SHA-256 is
 * stored, texted once to the phone it opens, expiring ARTIST_LINK_TTL_DAYS after its last visit (a
 * visit renews it, written at most every five minutes). A link opens a phone, so a phone named by
 * several artists has one page.
 */
import { type SQL, and, eq, isNull, sql } from "drizzle-orm";
import { collaboratorLinks } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { hashSecretToken, newSecretToken, TOKEN_PATTERN } from "../platform/secret-token";

const RENEW_EVERY_MS = 5 * 60 * 1000;

export const collaboratorPagePath = (token: string) => `/collaborator/${token}`;

/** A new link for `phone` as one statement for the caller's batch, written only where `onlyIf` holds, and its token. */
export async function collaboratorLinkStatement(phone: string, onlyIf: SQL): Promise<{ token: string; statement: SQL }> {
  const token = newSecretToken();
  const statement = sql`insert into collaborator_links (id, phone, token_hash) select ${crypto.randomUUID()}, ${phone}, ${await hashSecretToken(token)} where ${onlyIf}`;
  return { token, statement };
}

/** The phone a token opens, with the link's expiry (the visit renews it); null for an unknown, malformed, revoked or expired token. */
export async function openCollaboratorLink(ctx: Ctx, token: string, ttlMs: number, now = ctx.now()): Promise<{ phone: string; expiresAt: number } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const lastVisit = sql<number>`coalesce(${collaboratorLinks.renewedAt}, ${collaboratorLinks.createdAt})`;
  const live = and(isNull(collaboratorLinks.revokedAt), sql`${lastVisit} > ${now - ttlMs}`);
  const [link] = await ctx.db
    .select({ id: collaboratorLinks.id, phone: collaboratorLinks.phone, lastVisit })
    .from(collaboratorLinks)
    .where(and(eq(collaboratorLinks.tokenHash, await hashSecretToken(token)), live))
    .limit(1);
  if (!link) return null;
  if (now - link.lastVisit < RENEW_EVERY_MS) return { phone: link.phone, expiresAt: link.lastVisit + ttlMs };
  const [renewed] = await ctx.db
    .update(collaboratorLinks)
    .set({ renewedAt: now })
    .where(and(eq(collaboratorLinks.id, link.id), live))
    .returning({ phone: collaboratorLinks.phone });
  return renewed ? { phone: renewed.phone, expiresAt: now + ttlMs } : null;
}
