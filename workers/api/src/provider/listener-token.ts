/**
 * The listener token a provider opens the tablet app with (`/?listener=<token>`), so the app can show
 * that listener's Library while staying anonymous otherwise: `<providerId>.<listenerId>.<expires>.
 * <sessionId>.<signature>`, the signature the hex HMAC-SHA256 of `listener-session.<providerId>.
 * <listenerId>.<expires>.<sessionId>` with that enrolled provider's own secret (enrolled-providers.ts).
 * JPlay answers the token when the provider opens a listener session (listener-sessions.ts), and
 * checks it on every use: signature, expiry (at most LISTENER_TOKEN_MAX_SECONDS ahead), and that its
 * session is stored and not revoked. The browser keeps nothing else about the listener.
 */
import { listenerIdProblem } from "@jplay/schema/purchases";
import { LISTENER_TOKEN_HEADER } from "@jplay/schema/receipts";
import { eq } from "drizzle-orm";
import { listenerSessions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError } from "../platform/errors";
import { enrolledProviderSecret } from "./enrolled-providers";
import { HMAC_HEX, hmacHex, hmacMatches, providerHmacKey } from "./provider-signature";

export const LISTENER_TOKEN_MAX_SECONDS = 30 * 24 * 60 * 60;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const refuse = (message: string) => new AppError(401, "invalid_signature", message);
const tokenMessage = (providerId: string, listenerId: string, expires: number, sessionId: string) =>
  `listener-session.${providerId}.${listenerId}.${expires}.${sessionId}`;

/** The token of a stored session (listener-sessions.ts signs it when the provider opens the session). */
export async function signListenerToken(secret: string, providerId: string, listenerId: string, expires: number, sessionId: string): Promise<string> {
  return `${providerId}.${listenerId}.${expires}.${sessionId}.${await hmacHex(await providerHmacKey(secret, "sign"), tokenMessage(providerId, listenerId, expires, sessionId))}`;
}

/** Whether the session a token names is live: stored for that provider and listener, not revoked, not expired. */
async function listenerSessionIsLive(ctx: Ctx, sessionId: string, providerId: string, listenerId: string, now: number): Promise<boolean> {
  const [session] = await ctx.db.select().from(listenerSessions).where(eq(listenerSessions.id, sessionId)).limit(1);
  return (
    session !== undefined && session.providerId === providerId && session.listenerId === listenerId && session.revokedAt === null && session.expiresAt > now
  );
}

/** The listener a token names, once its signature and expiry hold and its session is live; 401 otherwise. */
export async function verifyListenerToken(ctx: Ctx, token: string | undefined, nowMs: number): Promise<{ providerId: string; listenerId: string }> {
  const parts = token?.split(".") ?? [];
  if (parts.length !== 5) throw refuse(`The Library needs the listener token of a session the provider opened (${LISTENER_TOKEN_HEADER})`);
  const [providerId, listenerId, expiresText, sessionId, signature] = parts as [string, string, string, string, string];
  if (!/^\d{1,12}$/.test(expiresText) || !SESSION_ID.test(sessionId) || !HMAC_HEX.test(signature) || listenerIdProblem(listenerId) !== null)
    throw refuse("This listener token is malformed");
  const secret = enrolledProviderSecret(ctx.env, providerId, "The Library is not available");
  if (!(await hmacMatches(await providerHmacKey(secret, "verify"), signature, tokenMessage(providerId, listenerId, Number(expiresText), sessionId)))) {
    throw refuse("This listener token's signature does not match");
  }
  const secondsLeft = Number(expiresText) - Math.floor(nowMs / 1000);
  if (secondsLeft <= 0) throw refuse("This listener token has expired: the provider opens JPlay with a fresh one");
  if (secondsLeft > LISTENER_TOKEN_MAX_SECONDS) throw refuse("This listener token lives longer than 30 days: the provider opens shorter sessions");
  if (!(await listenerSessionIsLive(ctx, sessionId, providerId, listenerId, nowMs))) {
    throw new AppError(401, "session_revoked", "This listener session was revoked or has ended: the provider opens JPlay with a new one");
  }
  return { providerId, listenerId };
}
