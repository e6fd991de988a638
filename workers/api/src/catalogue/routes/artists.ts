/**
 * `GET /api/artists/{slug}`: an artist's public page, their name and their songs in the listener's
 * scope (`?facility=` or `?catalogue=clean`, catalogue-scope.ts), nothing private
 * (catalogue/browse.ts). From the edge cache until the catalogue changes, like the song lists; an
 * artist not found is kept as such for a short while, and a read the cache cannot answer counts
 * against its client's burst first (docs/decisions/088).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { notFound } from "../../platform/errors";
import { artistPage } from "../browse";
import { facilityInDb, resolveCatalogueScope } from "../catalogue-scope";
import { cachedJson } from "../edge-cache";
import { enforcePublicReadBurst } from "../../platform/client-bursts";

export const artistsRoutes = new Hono<AppEnv>().get("/:slug", (c) => {
  const facility = c.req.query("facility");
  const catalogue = c.req.query("catalogue");
  const params = new URLSearchParams();
  if (facility !== undefined) params.set("facility", facility);
  if (catalogue !== undefined) params.set("catalogue", catalogue);
  const query = params.toString();
  return cachedJson(
    `/api/artists/${encodeURIComponent(c.req.param("slug"))}${query ? `?${query}` : ""}`,
    async () => {
      const ctx = c.var.ctx;
      await enforcePublicReadBurst(ctx, c.req.raw.headers);
      const scope = await resolveCatalogueScope(facilityInDb(ctx), { facility, catalogue });
      const page = await artistPage(ctx, scope, c.req.param("slug"));
      // No song of theirs in this scope: a 404, kept as such for NOT_FOUND_SECONDS (edge-cache.ts).
      if (!page) throw notFound(/*i18n*/ "No such artist");
      return page;
    },
    { keepNotFound: true },
  );
});
