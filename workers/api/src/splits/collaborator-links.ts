/**
 * A collaborator's private page links (`/collaborator/{token}`, docs/splits.md, Accepting), made as
 * the artist's page links are (access/artist-links.ts): a secret token of which only the SHA-256 is
 * stored, texted once to the phone it opens, expiring ARTIST_LINK_TTL_DAYS after its last visit (a
 * visit renews it, written at most every five minutes). A link opens a phone, so a phone named by
 * several artists has one page.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import { openPageLink } from "../platform/page-links";
import { hashSecretToken, newSecretToken } from "../platform/secret-token";

export const collaboratorPagePath = (token: string) => `/collaborator/${token}`;

/** A new link for `phone` as one statement for the caller's batch, written only where `onlyIf` holds, and its token. */
export async function collaboratorLinkStatement(phone: string, onlyIf: SQL): Promise<{ token: string; statement: SQL }> {
  const token = newSecretToken();
  const statement = sql`insert into collaborator_links (id, phone, token_hash) select ${crypto.randomUUID()}, ${phone}, ${await hashSecretToken(token)} where ${onlyIf}`;
  return { token, statement };
}

/** The phone a token opens, with the link's expiry (the visit renews it); null for an unknown, malformed, revoked or expired token. */
export async function openCollaboratorLink(ctx: Ctx, token: string, ttlMs: number, now = ctx.now()): Promise<{ phone: string; expiresAt: number } | null> {
  const link = await openPageLink(ctx, { table: "collaborator_links", owner: "phone" }, token, ttlMs, now);
  return link && { phone: link.owner, expiresAt: link.expiresAt };
}
