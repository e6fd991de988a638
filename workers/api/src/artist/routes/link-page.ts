/**
 * `GET /artist/{token}`: an artist page link opened (from a text, a bookmark, the payment screen).
 * The token is traded for the HttpOnly cookie that keeps it (access/artist-link-cookie.ts) and the
 * browser is sent on to `/artist`, its query kept (`?payouts=refresh`), so the address bar, the
 * history and any Referer no longer hold the artist's credential.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../platform/env";
import { ARTIST_PAGE_IN_COOKIE_PATH, artistLinkTtlMs, keepOpenedLink } from "../../access/index";
import { privateHeaders } from "./page";

export function artistLinkPage(c: Context<AppEnv>) {
  privateHeaders(c);
  keepOpenedLink(c, c.req.param("token") ?? "", artistLinkTtlMs(c.env));
  return c.redirect(`${ARTIST_PAGE_IN_COOKIE_PATH}${new URL(c.req.url).search}`, 303);
}
