/**
 * `GET /artist/{token}`: an artist page link opened (from a text, a bookmark, the payment screen).
 * The token is traded for the HttpOnly cookie that keeps it (access/artist-link-cookie.ts) and the
 * browser is sent on to `/artist`, its query kept (`?payouts=refresh`), so the address bar, the
 * history and any Referer no longer hold the artist's credential.
 *
 * Only a link the person opened themselves is kept: typed, pasted, a bookmark, a text message's link
 * (`Sec-Fetch-Site: none`) or one of JPlay's own pages (`same-origin`). A link another website sends
 * the browser to, or a malformed one, leaves the kept link as it was, so no other site can put its
 * own artist's page, or nothing, where this browser's artist expects theirs; the page then says the
 * link was not kept (`?link=not-kept`, docs/decisions/088-leaks-and-cheap-reads.md).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../platform/env";
import { ARTIST_LINK_NOT_KEPT } from "@jplay/schema/artist";
import { ARTIST_PAGE_IN_COOKIE_PATH, artistLinkTtlMs, keepOpenedLink, openedByThePerson } from "../../access/index";
import { privateHeaders } from "../../platform/page-links";

export function artistLinkPage(c: Context<AppEnv>) {
  privateHeaders(c);
  const search = new URL(c.req.url).searchParams;
  const kept = openedByThePerson(c.req.raw.headers, new URL(c.req.url).origin) && keepOpenedLink(c, c.req.param("token") ?? "", artistLinkTtlMs(c.env));
  if (!kept) search.set(ARTIST_LINK_NOT_KEPT.param, ARTIST_LINK_NOT_KEPT.value);
  const query = search.toString();
  return c.redirect(`${ARTIST_PAGE_IN_COOKIE_PATH}${query ? `?${query}` : ""}`, 303);
}
