/**
 * `GET /api/admin/catalogue?q=`: the live catalogue as the Catalogue tab lists it, searchable, with what
 * an operator can do to each song (take down, restore, feature: routes/admin/songs.ts and featured.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { createDb } from "../../db";
import { readAdminCatalogue } from "../../services/admin-catalogue";

export const adminCatalogueRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await readAdminCatalogue(createDb(c.env.DB), c.req.query("q") ?? "")));
