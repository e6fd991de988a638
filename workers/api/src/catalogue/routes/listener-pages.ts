/**
 * The browsing screens rendered on the server, as Home is (home-page.ts,
 * docs/decisions/065-browse-song-and-artist-pages.md): `GET /browse` (the genres), `/songs` and
 * `/genres/{slug}` (a page of songs, `?after=` its cursor), `/songs/{id}`, `/artists/{slug}` and
 * `/search?q=` (search-page.ts: the query as the search reads it, its results). Each reads its data in the listener's scope (the facility of `?facility=`, else of the cookie, as
 * Home's), renders apps/web/src/server/render-listener-page.tsx into the built index.html with the
 * data embedded once, and is kept in the edge cache per address, facility and language until the
 * catalogue changes (catalogue/edge-cache.ts: every purge drops it). A song, artist or genre not in
 * the scope gets the plain app with status 404 (the app says so itself); an unknown facility or a
 * cursor that is not one gets the plain app.
 */
import type { Context } from "hono";
import type { renderListenerPage } from "@jplay/web/server/render-listener-page";
import { BROWSE_PAGE_SIZE, genreOfSlug, SEARCH_RESULTS_LIMIT } from "@jplay/schema/browse";
import type { AppEnv } from "../../platform/env";
import { AppError } from "../../platform/errors";
import { requestLanguage } from "../../platform/request-language";
import { isHtmlDocument, renderedPageHeaders, screenDocument, spaDocument } from "../../platform/page-document";
import { loggablePath } from "../../platform/log-redaction";
import { artistPage, browseSongs, genresWithSongs, songDetails } from "../browse";
import { facilityInDb, resolveCatalogueScope, type CatalogueScope } from "../catalogue-scope";
import { cachedResponse } from "../edge-cache";
import { enforcePublicReadBurst } from "../../platform/client-bursts";
import type { Ctx } from "../../platform/context";
import { searchSongs } from "../song-search";
import { homeFacility, pageCacheKey, renderedPageAnswer } from "./home-page";
import { searchPageLocation, searchPageQuery } from "./search-page";
import { loggableError } from "../../platform/loggable-error";

type Data = Parameters<typeof renderListenerPage>[0];
/** What a page shows, without the facility (added when read); undefined: nothing at this address. */
type Read = (ctx: Ctx, scope: CatalogueScope) => Promise<DistributiveOmit<Data, "facility"> | undefined>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An answer the edge cache never keeps, naming why the page was not rendered. */
const notRendered = (status: 404 | 204) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

/** The read behind each browsing address, or null for an address that is none of them. */
function readFor(c: Context<AppEnv>, query: string | null): Read | null {
  const path = c.req.path;
  if (query !== null) return async (ctx, scope) => ({ screen: "search", query, songs: await searchSongs(ctx, scope, query, SEARCH_RESULTS_LIMIT) });
  const after = c.req.query("after") || null;
  if (path === "/browse") return async (ctx, scope) => ({ screen: "browse", genres: await genresWithSongs(ctx, scope) });
  if (path === "/songs")
    return async (ctx, scope) => ({
      screen: "all-songs",
      after,
      page: await browseSongs(ctx, scope, { genre: null, after: after ?? undefined, limit: BROWSE_PAGE_SIZE }),
    });
  const genreSlug = c.req.param("genre");
  if (genreSlug !== undefined) {
    const genre = genreOfSlug(genreSlug);
    if (!genre) return async () => undefined;
    return async (ctx, scope) => ({
      screen: "genre",
      genre: genreSlug,
      after,
      page: await browseSongs(ctx, scope, { genre, after: after ?? undefined, limit: BROWSE_PAGE_SIZE }),
    });
  }
  const songId = c.req.param("songId");
  if (songId !== undefined)
    return async (ctx, scope) => {
      const song = await songDetails(ctx, scope, songId);
      return song && { screen: "song", song };
    };
  const slug = c.req.param("slug");
  if (slug !== undefined)
    return async (ctx, scope) => {
      const artist = await artistPage(ctx, scope, slug);
      return artist && { screen: "artist", artist };
    };
  return null;
}

export async function listenerPage(c: Context<AppEnv>): Promise<Response> {
  const shell = await spaDocument(c);
  if (!isHtmlDocument(shell)) return shell;
  // /search: a query not written as the search reads it is sent to the address that is; one too long is refused.
  const search = c.req.path === "/search" ? searchPageQuery(c, shell) : null;
  if (search instanceof Response) return search;
  const read = readFor(c, search);
  if (read === null) return shell;
  const facility = homeFacility(c);
  const language = requestLanguage(c);
  // A search has no pages: `?after=` is no part of its address.
  const after = search === null ? c.req.query("after") : undefined;
  const key = `${pageCacheKey(c.req.path, language, facility)}${after ? `&after=${encodeURIComponent(after)}` : ""}${search === null ? "" : `&q=${encodeURIComponent(search)}`}`;
  // The query the page is rendered with: a search's own alone (it is kept once per search), else the address's.
  const renderedSearch = search === null ? new URL(c.req.url).search : searchPageLocation(search);
  const rendered = await cachedResponse(
    key,
    async () => {
      let data: Data | undefined;
      try {
        const ctx = c.var.ctx;
        // Only a page the cache could not answer reaches D1, and counts against its client's burst: past
        // it (429), the plain app, which says so itself when its own reads are refused.
        await enforcePublicReadBurst(ctx, c.req.raw.headers);
        const scope = await resolveCatalogueScope(facilityInDb(ctx), { facility: facility ?? undefined, catalogue: undefined });
        const shown = await read(ctx, scope);
        data = shown && { ...shown, facility };
      } catch (error) {
        // An unknown facility, a cursor that is not one, or the client's burst used up: the app shows it itself.
        if (error instanceof AppError) return notRendered(204);
        throw error;
      }
      if (!data) return notRendered(404);
      // Loaded by the first page rendered, not at the instance's start (home-page.ts, loadHomeRenderer).
      const { renderListenerPage } = await import("@jplay/web/server/render-listener-page");
      return screenDocument(shell, language, renderListenerPage(data, { pathname: c.req.path, search: renderedSearch }, language), c.req.path);
      // A page with nothing at its address is kept as such for a short while (edge-cache.ts).
    },
    { keepNotFound: true },
  ).catch((error: unknown) => {
    console.error(
      JSON.stringify({
        level: "warn",
        requestId: c.get("requestId"),
        path: loggablePath(c.req.path),
        message: "Page served without server render",
        ...loggableError(error),
      }),
    );
    return notRendered(204);
  });
  if (rendered.status === 404) return new Response(shell.body, { status: 404, headers: renderedPageHeaders(shell) });
  if (rendered.status !== 200) return shell;
  return renderedPageAnswer(c, shell, rendered);
}
