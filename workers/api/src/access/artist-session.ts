/**
 * The artist's browser session, as the routes see it (docs/decisions/019-sessions-server-side.md):
 * the `__Host-jplay_session` cookie (Secure, HttpOnly, SameSite=Lax, Path=/, HMAC-signed with
 * SESSION_SECRET) holds a random token; the session itself is a row in D1
 * (access/artist-sessions.ts) that expires, idles out and can be ended. The cookie is Secure
 * everywhere: production is HTTPS, and browsers accept Secure cookies from http://127.0.0.1 and
 * http://localhost, where `pnpm dev` serves.
 */
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { artists } from "@jplay/schema/tables";
import type { AppEnv } from "../platform/env";
import { AppError, unauthorized } from "../platform/errors";
import { type ArtistSession, type StartedSession, endArtistSession, startArtistSession, useArtistSession } from "./artist-sessions";

/** Sent as `__Host-jplay_session` (Hono's `prefix: "host"`). */
const COOKIE = "jplay_session";
export const ARTIST_SESSION_COOKIE = `__Host-${COOKIE}`;

/** Whether artist sessions can be read at all here (SESSION_SECRET of 16+ characters). */
export const sessionsConfigured = (env: Env) => (env.SESSION_SECRET?.length ?? 0) >= 16;

function sessionSecret(env: Env): string {
  if (!env.SESSION_SECRET || !sessionsConfigured(env)) {
    throw new AppError(503, "sessions_unconfigured", /*i18n*/ "Sessions are not configured (SESSION_SECRET). Please contact support.");
  }
  return env.SESSION_SECRET;
}

/** The live session of this request's browser, looked up (and marked used) once per request. */
export async function currentSession(c: Context<AppEnv>): Promise<ArtistSession | null> {
  const known = c.get("artistSession");
  if (known !== undefined) return known;
  const token = await getSignedCookie(c, sessionSecret(c.env), COOKIE, "host");
  const session = typeof token === "string" && token !== "" ? await useArtistSession(c.var.ctx, token) : null;
  c.set("artistSession", session);
  return session;
}

/** The session's Stripe customer id, or null when this browser has no live session. */
export async function readSessionCustomer(c: Context<AppEnv>): Promise<string | null> {
  return (await currentSession(c))?.stripeCustomerId ?? null;
}

async function sendSessionCookie(c: Context<AppEnv>, started: StartedSession): Promise<void> {
  await setSignedCookie(c, COOKIE, started.token, sessionSecret(c.env), {
    prefix: "host",
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    maxAge: Math.floor((started.session.expiresAt - started.session.createdAt) / 1000),
  });
  c.set("artistSession", started.session);
}

const userAgentOf = (c: Context<AppEnv>) => c.req.header("User-Agent") ?? null;

/** A new session for a browser that has none yet: it holds the Stripe customer made for payment setup. */
export async function startSession(c: Context<AppEnv>, customerId: string): Promise<void> {
  const started = await startArtistSession(c.var.ctx, { stripeCustomerId: customerId, artistId: null, userAgent: userAgentOf(c) });
  await sendSessionCookie(c, started);
}

/**
 * After a card is saved: this browser's session is replaced by a new one bound to the artist (a new
 * token, the old one ended), so a token seen before the card was saved cannot act as the artist.
 * The artist's sessions in other browsers are left as they are (the artist page lists them).
 */
export async function rotateSession(c: Context<AppEnv>, customerId: string, artistId: string): Promise<void> {
  const current = await currentSession(c);
  if (current) await endArtistSession(c.var.ctx, current.id, "rotated");
  await sendSessionCookie(c, await startArtistSession(c.var.ctx, { stripeCustomerId: customerId, artistId, userAgent: userAgentOf(c) }));
}

/** Removes the session cookie from this browser (its session was ended). */
export function dropSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, COOKIE, { prefix: "host", secure: true, path: "/" });
  c.set("artistSession", null);
}

/** The artist behind this browser's session, or null when there is none yet (no saved card). */
export async function sessionArtist(c: Context<AppEnv>) {
  const session = await currentSession(c);
  const artist = session
    ? (
        await c.var.ctx.db
          .select()
          .from(artists)
          .where(session.artistId ? eq(artists.id, session.artistId) : eq(artists.stripeCustomerId, session.stripeCustomerId))
          .limit(1)
      )[0]
    : undefined;
  return artist && artist.stripeCustomerId === session?.stripeCustomerId ? artist : null;
}

/** The artist behind this browser's session; 401 when there is none yet (no saved card). */
export async function requireSessionArtist(c: Context<AppEnv>) {
  const artist = await sessionArtist(c);
  if (!artist) throw unauthorized(/*i18n*/ "Save a payment method before submitting a song.");
  return artist;
}
