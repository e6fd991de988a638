/**
 * The artist's private page links (`/artist/{token}`, no sign-up): a token of 32 random bytes
 * (base64url), of which only the SHA-256 hash is stored, so a database read does not reveal working
 * links. Saving a card again issues another link; old links stay valid until an admin revokes them.
 */
import { and, eq, isNull } from "drizzle-orm";
import { artistLinks } from "@jplay/schema/tables";
import type { Db } from "../db";

const TOKEN_BYTES = 32;
/** 32 bytes in unpadded base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function hashToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const artistPagePath = (token: string) => `/artist/${token}`;

/** Issues a new link for the artist and answers its token (shown once; only its hash is kept). */
export async function issueArtistLink(db: Db, artistId: string): Promise<string> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
  await db.insert(artistLinks).values({ id: crypto.randomUUID(), artistId, tokenHash: await hashToken(token) });
  return token;
}

/** The artist a token opens, or null for an unknown, malformed or revoked token. */
export async function resolveArtistLink(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .select({ artistId: artistLinks.artistId })
    .from(artistLinks)
    .where(and(eq(artistLinks.tokenHash, await hashToken(token)), isNull(artistLinks.revokedAt)))
    .limit(1);
  return link?.artistId ?? null;
}

/** Revokes every live link of the artist (an admin action); answers how many were revoked. */
export async function revokeArtistLinks(db: Db, artistId: string, now = Date.now()): Promise<number> {
  const revoked = await db
    .update(artistLinks)
    .set({ revokedAt: now })
    .where(and(eq(artistLinks.artistId, artistId), isNull(artistLinks.revokedAt)))
    .returning({ id: artistLinks.id });
  return revoked.length;
}
