/**
 * `GET /api/admin/catalogue?q=`: the live catalogue as the Catalogue tab lists it, searchable, with what
 * an operator can do to each song (take down, restore, feature: admin/routes/songs.ts and featured.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { readAdminCatalogue } from "../../catalogue/index";

export const adminCatalogueRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await readAdminCatalogue(c.var.ctx, c.req.query("q") ?? "")));
