/**
 * Opening a private page link (docs/security.md): the artist's (`artist_links`) and a collaborator's
 * (`collaborator_links`, docs/splits.md) work alike. Only the token's SHA-256 is stored; a link
 * expires `ttlMs` after its last visit, and a visit renews it, written at most every
 * PAGE_LINK_RENEW_EVERY_MS in a statement that checks the link again, so visits in between write
 * nothing to D1.
 */
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Ctx } from "./context";
import type { AppEnv } from "./env";
import { hashSecretToken, TOKEN_PATTERN } from "./secret-token";

/** The 404 a page's calls answer for a token that opens nothing. */
export const PAGE_LINK_NOT_FOUND = /*i18n*/ "Link not found";

/** A private page's data: never cached, and the URL (which holds the token) never sent on. */
export function privateHeaders(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
}

/** A link's renewal is written at most this often. */
export const PAGE_LINK_RENEW_EVERY_MS = 5 * 60 * 1000;

/** A table of page links and the column naming what a link opens. */
export type PageLinks = { table: "artist_links"; owner: "artist_id" } | { table: "collaborator_links"; owner: "phone" };

/** What a token opens (the owner column's value), with the link's expiry; null for an unknown, malformed, revoked or expired token. */
export async function openPageLink(
  ctx: Ctx,
  links: PageLinks,
  token: string,
  ttlMs: number,
  now: number,
): Promise<{ owner: string; expiresAt: number } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const table = sql.identifier(links.table);
  const owner = sql.identifier(links.owner);
  const live = sql`revoked_at is null and coalesce(renewed_at, created_at) > ${now - ttlMs}`;
  const [link] = await ctx.db.all<{ id: string; owner: string; lastVisit: number }>(
    sql`select id, ${owner} as owner, coalesce(renewed_at, created_at) as lastVisit from ${table}
      where token_hash = ${await hashSecretToken(token)} and ${live} limit 1`,
  );
  if (!link) return null;
  if (now - link.lastVisit < PAGE_LINK_RENEW_EVERY_MS) return { owner: link.owner, expiresAt: link.lastVisit + ttlMs };
  const [renewed] = await ctx.db.all<{ owner: string }>(
    sql`update ${table} set renewed_at = ${now} where id = ${link.id} and ${live} returning ${owner} as owner`,
  );
  return renewed ? { owner: renewed.owner, expiresAt: now + ttlMs } : null;
}
