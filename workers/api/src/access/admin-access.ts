/**
 * Who may use the admin API (docs/architecture.md, Fails closed, docs/decisions/011-admin-access.md). Operators
 * charge real cards there, so access fails closed: in production the Cloudflare Access JWT is
 * verified (issuer, audience, the team's signing keys); locally an operator password from
 * `.dev.vars` gives a short-lived session, kept in D1 (admin-sessions.ts) so that signing out ends
 * it on the server; with neither configured nobody is let in.
 */
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { createLocalJWKSet, createRemoteJWKSet, customFetch, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import type { AdminSessionResponse } from "@jplay/schema/admin";
import type { AppEnv } from "../platform/env";
import { isDevelopment } from "../platform/environment";
import { ADMIN_SESSION_MS, adminSessionAlive, endAdminSessionRow, startAdminSessionRow } from "./admin-sessions";
import { loggableError } from "../platform/loggable-error";

export type AdminMethod = NonNullable<AdminSessionResponse["method"]>;

export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";
export const ADMIN_COOKIE = "jplay_admin";
/** The cookie is sent to the admin API only. */
export const ADMIN_COOKIE_PATH = "/api/admin";
export const ADMIN_SESSION_SECONDS = ADMIN_SESSION_MS / 1000;
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Anything but an allow-listed development environment counts as production (src/platform/environment.ts). */
const isProduction = (env: Env) => !isDevelopment(env);

/**
 * The team's issuer: "jplay.cloudflareaccess.com" or "https://jplay.cloudflareaccess.com/" →
 * "https://jplay.cloudflareaccess.com". Anything else — `http://`, another host, a port, a path — is
 * null: the keys that sign operators in are fetched from this origin, so it must be Cloudflare's, over TLS.
 */
export const accessIssuer = (teamDomain: string): string | null => {
  const trimmed = teamDomain.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.port && !url.username && !url.password;
  if (url.protocol !== "https:" || !bare || !/^[a-z\d-]+\.cloudflareaccess\.com$/.test(url.hostname)) return null;
  return `https://${url.hostname}`;
};

/**
 * How operators sign in here, or null when admin is closed. Access wins when configured, so a
 * password left in the configuration can never bypass it; the password never works in production.
 */
export function adminMethod(env: Env): AdminMethod | null {
  // Access configured with a team domain that is not Cloudflare's over https: closed, and the password
  // left in the configuration does not take over.
  if (env.ACCESS_TEAM_DOMAIN && env.ACCESS_AUD) return accessIssuer(env.ACCESS_TEAM_DOMAIN) ? "access" : null;
  if (isProduction(env)) return null;
  if ((env.ADMIN_PASSWORD?.length ?? 0) < MIN_ADMIN_PASSWORD_LENGTH) return null;
  if ((env.SESSION_SECRET?.length ?? 0) < 16) return null;
  return "password";
}

// ---- Cloudflare Access ------------------------------------------------------------------------

/**
 * Remote key sets by URL (and by certs server, where one stands in): jose caches the keys and, when a
 * token names an unknown `kid` (Cloudflare rotates its keys), fetches them again, at most once per
 * cooldown (30 s), so tokens with made-up key ids cannot make the Worker hammer the certs URL.
 */
const remoteKeySets = new Map<string, JWTVerifyGetKey>();

function accessKeys(env: Env, issuer: string): JWTVerifyGetKey {
  // A JWKS given as configuration stands in for the team's certs in tests and local trials (no
  // network there), and so can a certs server of their own. Production always asks Cloudflare.
  if (env.ACCESS_JWKS && !isProduction(env)) return createLocalJWKSet(JSON.parse(env.ACCESS_JWKS) as JSONWebKeySet);
  const url = `${issuer}/cdn-cgi/access/certs`;
  const certs = isProduction(env) ? undefined : env.ACCESS_CERTS;
  const cacheKey = certs ? `${url} (ACCESS_CERTS)` : url;
  let keys = remoteKeySets.get(cacheKey);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), certs ? { [customFetch]: (input, init) => certs.fetch(input, init) } : {});
    remoteKeySets.set(cacheKey, keys);
  }
  return keys;
}

/**
 * The operator's email when the request carries an Access JWT signed by the team, for this
 * application, unexpired (a token without an email claim is named by its subject); else null.
 */
export async function verifyAccessRequest(env: Env, headers: Headers): Promise<string | null> {
  const token = headers.get(ACCESS_JWT_HEADER);
  if (!token || !env.ACCESS_TEAM_DOMAIN || !env.ACCESS_AUD) return null;
  const issuer = accessIssuer(env.ACCESS_TEAM_DOMAIN);
  if (!issuer) return null;
  try {
    const { payload } = await jwtVerify(token, accessKeys(env, issuer), { issuer, audience: env.ACCESS_AUD, algorithms: ["RS256"] });
    return typeof payload.email === "string" && payload.email !== "" ? payload.email : `access:${payload.sub ?? "unknown"}`;
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "admin_access_refused", ...loggableError(error) }));
    return null;
  }
}

// ---- Local password ---------------------------------------------------------------------------

/** Rotating either secret (or the password) ends every operator session. */
const cookieSecret = (env: Env) => `admin-session:${env.SESSION_SECRET}:${env.ADMIN_PASSWORD}`;

const sha256 = async (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));

/**
 * Compares in constant time: both sides are hashed to 32 bytes first, then every byte is compared
 * whatever differs (no early exit), so the answer's timing says nothing about the password.
 */
export async function passwordMatches(env: Env, attempt: string): Promise<boolean> {
  if (adminMethod(env) !== "password") return false;
  const [given, expected] = (await Promise.all([sha256(attempt), sha256(env.ADMIN_PASSWORD!)])).map((d) => new Uint8Array(d));
  let difference = 0;
  for (let i = 0; i < expected!.length; i++) difference |= given![i]! ^ expected![i]!;
  return difference === 0;
}

/**
 * The cookie holds the session's random token, signed with both secrets (rotating either ends every
 * session); the D1 row decides whether it is still good (not signed out, not past its 8 hours).
 */
export async function startAdminSession(c: Context<AppEnv>, now = c.var.ctx.now()): Promise<void> {
  const { token } = await startAdminSessionRow(c.var.ctx, now);
  await setSignedCookie(c, ADMIN_COOKIE, token, cookieSecret(c.env), {
    httpOnly: true,
    sameSite: "Strict",
    secure: new URL(c.req.url).protocol === "https:",
    path: ADMIN_COOKIE_PATH,
    maxAge: ADMIN_SESSION_SECONDS,
  });
}

async function sessionToken(c: Context<AppEnv>): Promise<string | null> {
  if (adminMethod(c.env) !== "password") return null;
  const value = await getSignedCookie(c, cookieSecret(c.env), ADMIN_COOKIE);
  return typeof value === "string" && value !== "" ? value : null;
}

/** Ends the session on the server (a copy of the cookie stops working too) and drops the cookie. */
export async function endAdminSession(c: Context<AppEnv>, now = c.var.ctx.now()): Promise<void> {
  const token = await sessionToken(c);
  if (token) await endAdminSessionRow(c.var.ctx, token, now);
  deleteCookie(c, ADMIN_COOKIE, { path: ADMIN_COOKIE_PATH, secure: new URL(c.req.url).protocol === "https:" });
}

async function hasPasswordSession(c: Context<AppEnv>, now: number): Promise<boolean> {
  const token = await sessionToken(c);
  return token !== null && adminSessionAlive(c.var.ctx, token, now);
}

// ---- Both ---------------------------------------------------------------------------------------

/** What the history records as the operator when the local password signed them in. */
export const LOCAL_OPERATOR = "the local operator (admin password)";

/**
 * Who the signed-in operator of this request is, by whichever method is configured: the Access
 * email in production, `LOCAL_OPERATOR` with the local password; null when nobody is signed in.
 */
export async function adminOperator(c: Context<AppEnv>, now = c.var.ctx.now()): Promise<string | null> {
  switch (adminMethod(c.env)) {
    case "access":
      return verifyAccessRequest(c.env, c.req.raw.headers);
    case "password":
      return (await hasPasswordSession(c, now)) ? LOCAL_OPERATOR : null;
    default:
      return null;
  }
}

/** Whether this request comes from a signed-in operator. */
export const isAdminRequest = async (c: Context<AppEnv>, now = c.var.ctx.now()): Promise<boolean> => (await adminOperator(c, now)) !== null;

/**
 * A state-changing admin call must come from the portal's own pages: its Origin is this site's
 * origin (or the configured APP_ORIGIN). Browsers send Origin on every POST and DELETE, so a page
 * elsewhere cannot ride on the operator's cookie or Access session.
 */
export function isSameOriginRequest(env: Env, request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  const allowed = [new URL(request.url).origin];
  if (env.APP_ORIGIN) allowed.push(new URL(env.APP_ORIGIN).origin);
  return allowed.includes(origin);
}
