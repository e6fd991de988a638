/**
 * `GET /`: Home rendered on the server (docs/decisions/031-server-rendered-home.md), in the built
 * index.html from the assets (page-document.ts); the Worker renders the hero,
 * both catalogue rows and the player bar into #root with the web app's own components and embeds the
 * data it used once, as a JSON block, so the browser hydrates without fetching the catalogue again.
 *
 * The catalogue is the one the browser would ask for (features/catalogue/facility.ts): the facility
 * of `/?facility=<id>` (no id: the full catalogue), else of the `facility` cookie the app keeps in
 * step with its localStorage, else the full catalogue. Anything it cannot render (an unknown
 * facility, a failed read) gets the plain single-page app, which shows it as it always has.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../platform/env";
import { AppError } from "../../platform/errors";
import { resolveCatalogueScope } from "../catalogue-scope";
import { currentCatalogueSnapshot, featuredSong, popularSongs, recentSongs, snapshotFacilities } from "../catalogue-snapshot";
import { CATALOGUE_CACHE_CONTROL, cachedResponse } from "../edge-cache";
import type { Language } from "@jplay/schema/language";
import { requestLanguage } from "../../platform/request-language";
import { isHtmlDocument, renderedPageHeaders, screenDocument, spaDocument } from "../../platform/page-document";
import { loggablePath } from "../../platform/log-redaction";
import { loggableError } from "../../platform/loggable-error";

/**
 * The web app's Home renderer (React's server renderer and the screen's components), loaded by the
 * first Home an instance renders, not when it starts: most instances answer the API, queue batches
 * and cron runs, and never render a page.
 */
const loadHomeRenderer = () => import("@jplay/web/server/render-home");

/** Home rows show 4 songs each (docs/product.md, Prices and limits): only those are read and embedded. */
const ROW_SIZE = 4;

/** Written by the web app (features/catalogue/facility.ts, FACILITY_COOKIE). */
const FACILITY_COOKIE = "facility";

/** The facility whose catalogue this request's Home shows; null for the full catalogue. */
export function homeFacility(c: Context<AppEnv>): string | null {
  const asked = c.req.query("facility");
  if (asked !== undefined) return asked.trim() || null;
  return facilityFromCookie(c);
}

const facilityFromCookie = (c: Context<AppEnv>) => getCookie(c, FACILITY_COOKIE)?.trim() || null;

/** The facility's catalogue chosen by the cookie alone: the address is the same as everyone's Home. */
export const facilityChosenByCookie = (c: Context<AppEnv>) => c.req.query("facility") === undefined && facilityFromCookie(c) !== null;

/** What Home shows for this facility, cut from the catalogue's snapshot (one D1 read per generation). */
async function renderData(c: Context<AppEnv>, facility: string | null) {
  const snapshot = await currentCatalogueSnapshot(c.var.ctx);
  const scope = await resolveCatalogueScope(snapshotFacilities(snapshot), { facility: facility ?? undefined, catalogue: undefined });
  return {
    facility,
    popular: popularSongs(snapshot, scope, ROW_SIZE),
    recent: recentSongs(snapshot, scope, ROW_SIZE),
    featured: featuredSong(snapshot, scope),
  };
}

/** A listener's page's key in the edge cache: its path, then the language and facility it is rendered in. */
export const pageCacheKey = (path: string, language: Language, facility: string | null) =>
  `${path}?language=${language}${facility === null ? "" : `&facility=${encodeURIComponent(facility)}`}`;

/** Asked again each time, and by this browser's cache only. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, max-age=0";

/** An answer the edge cache never keeps: this Home could not be rendered, the app is served instead. */
const NOT_RENDERED = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/**
 * The rendered document for a facility in a language, from the edge cache until the catalogue changes
 * (every catalogue purge drops it: catalogue/edge-cache.ts). It is rendered at "/" whatever the
 * address's query: Home's markup reads only the path.
 */
function renderedDocument(c: Context<AppEnv>, shell: Response, facility: string | null, language: Language): Promise<Response> {
  return cachedResponse(pageCacheKey("/", language, facility), async () => {
    let data;
    try {
      data = await renderData(c, facility);
    } catch (error) {
      if (error instanceof AppError) return NOT_RENDERED(); // an unknown facility: the app says so itself
      console.error(
        JSON.stringify({
          level: "warn",
          requestId: c.get("requestId"),
          path: loggablePath(c.req.path),
          message: "Home served without server render",
          ...loggableError(error),
        }),
      );
      return NOT_RENDERED();
    }
    const { renderHome } = await loadHomeRenderer();
    return screenDocument(shell, language, renderHome(data, { pathname: "/", search: "" }, language));
  });
}

export async function homePage(c: Context<AppEnv>): Promise<Response> {
  const shell = await spaDocument(c);
  if (!isHtmlDocument(shell)) return shell;
  const rendered = await renderedDocument(c, shell, homeFacility(c), requestLanguage(c));
  if (rendered.status !== 200) return shell;
  return renderedPageAnswer(c, shell, rendered);
}

/**
 * The answer for a listener's page the edge cache gave (`rendered`, status 200): the shell's headers,
 * with the catalogue's cache policy and what the page varies by.
 */
export function renderedPageAnswer(c: Context<AppEnv>, shell: Response, rendered: Response): Response {
  const headers = renderedPageHeaders(shell);
  // Like the catalogue: the browser asks again each time. The page differs by the facility and language
  // cookies and the browser's languages (Vary): the Worker's own edge cache keys it by the facility
  // and language it rendered.
  // A facility chosen by cookie is kept by no shared cache: one that ignored Vary would give its
  // catalogue (a clean-only one, say) to everyone asking for "/", or everyone's to it.
  headers.set("Cache-Control", facilityChosenByCookie(c) ? PRIVATE_PAGE_CACHE_CONTROL : CATALOGUE_CACHE_CONTROL);
  headers.set("Vary", "Cookie, Accept-Language");
  headers.set("X-Edge-Cache", rendered.headers.get("X-Edge-Cache") ?? "miss");
  return new Response(rendered.body, { status: 200, headers });
}
