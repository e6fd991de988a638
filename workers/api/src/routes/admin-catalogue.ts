/**
 * Admin: what reaches the facilities (docs/decisions/029-catalogue-control.md) — the facilities and
 * whether each takes clean music only, takedowns and restores of live songs, and the featured song.
 * Mounted by the admin API behind its authentication and same-origin check (routes/admin.ts); this
 * file only defines the routes.
 */
import { Hono } from "hono";
import { FeaturedSongSchema, TakedownSongSchema, type FeaturedSongResponse, type TakedownResponse } from "@jplay/schema/catalogue-control";
import { FacilitySchema, type FacilitiesResponse } from "@jplay/schema/facilities";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import type { JobQueue } from "../jobs/job";
import { readAdminCatalogue } from "../services/admin-catalogue";
import { createFacility, listFacilities, updateFacility } from "../services/facilities";
import { setFeaturedSong } from "../services/featured-song";
import { restoreSong, takeDownSong } from "../services/song-takedown";
import { jsonBody } from "../validation";

export const adminCatalogueRoutes = new Hono<AppEnv>()
  .get("/facilities", async (c) => c.json<FacilitiesResponse>({ facilities: await listFacilities(createDb(c.env.DB)) }))
  .post("/facilities", jsonBody(FacilitySchema), async (c) => c.json(await createFacility(createDb(c.env.DB), c.req.valid("json")), 201))
  .post("/facilities/:facilityId", jsonBody(FacilitySchema), async (c) =>
    c.json(await updateFacility(createDb(c.env.DB), c.req.param("facilityId"), c.req.valid("json"))),
  )
  .get("/catalogue", async (c) => c.json(await readAdminCatalogue(createDb(c.env.DB), c.req.query("q") ?? "")))
  .post("/songs/:songId/takedown", jsonBody(TakedownSongSchema), async (c) => {
    const songId = c.req.param("songId");
    const takedown = { reason: c.req.valid("json").reason, actor: c.var.operator! };
    await takeDownSong(createDb(c.env.DB), c.env.JOBS as JobQueue, songId, takedown, Date.now());
    return c.json<TakedownResponse>({ songId, takenDown: true });
  })
  .post("/songs/:songId/restore", async (c) => {
    const songId = c.req.param("songId");
    await restoreSong(createDb(c.env.DB), songId, { actor: c.var.operator! }, Date.now());
    return c.json<TakedownResponse>({ songId, takenDown: false });
  })
  .post("/featured", jsonBody(FeaturedSongSchema), async (c) => {
    const { songId } = c.req.valid("json");
    await setFeaturedSong(createDb(c.env.DB), songId, Date.now());
    return c.json<FeaturedSongResponse>({ featuredSongId: songId });
  });
