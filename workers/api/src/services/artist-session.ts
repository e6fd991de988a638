/**
 * The artist's session (ARCHITECTURE decision 7): a signed, HttpOnly, SameSite=Lax cookie holding the
 * Stripe customer id created at payment setup. It ties this browser to that customer and, once a
 * card is saved, to the artist; random ids alone are never access control.
 */
import type { Context } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { artists } from "@jplay/schema/tables";
import type { AppEnv } from "../env";
import { AppError, unauthorized } from "../errors";
import type { Db } from "../db";

const COOKIE = "jplay_session";
const MAX_AGE_SECONDS = 60 * 60 * 24 * 90;

function sessionSecret(env: Env): string {
  if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 16) {
    throw new AppError(503, "sessions_unconfigured", "Sessions are not configured (SESSION_SECRET). Please contact support.");
  }
  return env.SESSION_SECRET;
}

/** The session's Stripe customer id, or null when this browser has no valid session. */
export async function readSessionCustomer(c: Context<AppEnv>): Promise<string | null> {
  const value = await getSignedCookie(c, sessionSecret(c.env), COOKIE);
  return typeof value === "string" && value.startsWith("cus_") ? value : null;
}

export async function startSession(c: Context<AppEnv>, customerId: string): Promise<void> {
  await setSignedCookie(c, COOKIE, customerId, sessionSecret(c.env), {
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The artist behind this browser's session; 401 when there is none yet (no saved card). */
export async function requireSessionArtist(c: Context<AppEnv>, db: Db) {
  const customerId = await readSessionCustomer(c);
  const artist = customerId
    ? (await db.select().from(artists).where(eq(artists.stripeCustomerId, customerId)).limit(1))[0]
    : undefined;
  if (!artist) throw unauthorized("Save a payment method before submitting a song.");
  return artist;
}
