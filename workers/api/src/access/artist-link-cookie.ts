/**
 * The artist page link kept by the browser instead of its address bar. Opening a link
 * (`GET /artist/{token}`, texted or kept) stores the token in the `__Host-jplay_artist_link` cookie
 * (Secure, HttpOnly, SameSite=Lax, Path=/) and redirects to `/artist`, so the token leaves the
 * address bar, the history, a shared screen and any Referer; the page then calls
 * `/api/artist/link/…` ({@link ARTIST_LINK_FROM_COOKIE}) and the Worker reads the token from the cookie.
 * The cookie lives as long as an unvisited link does and is sent again on each page load, as the
 * link itself is renewed by visits (artist-links.ts). Secure everywhere, like the session cookie:
 * browsers keep Secure cookies from http://127.0.0.1 and http://localhost.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { ARTIST_LINK_FROM_COOKIE } from "@jplay/schema/artist";
import type { AppEnv } from "../platform/env";
import { TOKEN_PATTERN } from "../platform/secret-token";

/** Sent as `__Host-jplay_artist_link` (Hono's `prefix: "host"`). */
const COOKIE = "jplay_artist_link";

/** Where an opened link lands: the page without its token in the address. */
export const ARTIST_PAGE_IN_COOKIE_PATH = "/artist";

/** Keeps `token` in this browser for `ttlMs` (an unvisited link's lifetime). Only a well-formed token is kept. */
export function sendArtistLinkCookie(c: Context<AppEnv>, token: string, ttlMs: number): void {
  if (!TOKEN_PATTERN.test(token)) throw new Error("Only a well-formed artist link token is kept in the cookie");
  setCookie(c, COOKIE, token, { prefix: "host", secure: true, httpOnly: true, sameSite: "Lax", path: "/", maxAge: Math.floor(ttlMs / 1000) });
}

/** The link token this browser keeps, or "" when it keeps none. */
export const artistLinkInCookie = (c: Context<AppEnv>): string => getCookie(c, COOKIE, "host") ?? "";

/**
 * An opened link becomes the kept one; whether it was kept. It is not looked up here (the page's own
 * call says whether it works). A malformed one is not kept and never drops the link kept before: a
 * link anyone can make up must not sign this browser's artist out of their page.
 */
export function keepOpenedLink(c: Context<AppEnv>, token: string, ttlMs: number): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  sendArtistLinkCookie(c, token, ttlMs);
  return true;
}

/**
 * Whether the person opened this navigation themselves (typed, pasted, a bookmark, a link in another
 * app: `Sec-Fetch-Site: none`) or from one of our pages (`same-origin`); never when another site sent
 * the browser (`cross-site`, `same-site`). A browser too old to send Fetch Metadata counts as the
 * person's only without a Referer from elsewhere (docs/decisions/088-leaks-and-cheap-reads.md).
 */
export function openedByThePerson(headers: Headers, origin: string): boolean {
  const site = headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "none" || site === "same-origin";
  const referer = headers.get("Referer");
  if (referer === null || referer === "") return true;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}

/** Whether this request names the link kept in the cookie (`/api/artist/link/…`) rather than a token in its path. */
export const namesLinkInCookie = (c: Context<AppEnv>) => c.req.param("token") === ARTIST_LINK_FROM_COOKIE;
