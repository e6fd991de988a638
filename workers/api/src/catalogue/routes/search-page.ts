/**
 * `GET /search?q=`'s query before the page is rendered (listener-pages.ts renders it as the browsing
 * pages are, docs/decisions/065-browse-song-and-artist-pages.md). The page is kept in the edge cache
 * once per search, so its address must be the search's own: a query not written as the search reads
 * it ("  Love!", "LOVE") is sent to the address that is (`?q=love`, song-search.ts, searchKeyOf), and
 * the rendered page shows exactly what was searched. A query longer than the API takes is refused as
 * the API refuses it (400), with the plain app.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../platform/env";
import { renderedPageHeaders } from "../../platform/page-document";
import { SEARCH_QUERY_MAX_CHARS, searchKeyOf } from "../song-search";

/** The address of the search `words` (as searchKeyOf writes them): none, the empty search page. */
export const searchPageLocation = (words: string) => (words === "" ? "" : `?${new URLSearchParams({ q: words })}`);

/**
 * The query to render, as the search reads it ("" for none); or the answer instead of the page: a
 * redirect to the search's own address, or 400 for a query too long.
 */
export function searchPageQuery(c: Context<AppEnv>, shell: Response): string | Response {
  const typed = c.req.query("q");
  if (typed === undefined) return "";
  if (typed.length > SEARCH_QUERY_MAX_CHARS) return new Response(shell.body, { status: 400, headers: renderedPageHeaders(shell) });
  const words = searchKeyOf(typed);
  if (words === typed) return words;
  const address = new URL(c.req.url);
  address.searchParams.set("q", words);
  return c.redirect(`${address.pathname}${address.search}`, 302);
}
