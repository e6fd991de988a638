/**
 * /api/admin/facilities: the facilities the tablets belong to and whether each takes clean music only
 * (docs/decisions/051-facilities-and-clean-catalogue.md) — listed, added (`POST /`) and changed (`POST /{facilityId}`).
 */
import { Hono } from "hono";
import { FacilitySchema, type FacilitiesResponse } from "@jplay/schema/facilities";
import type { AppEnv } from "../../platform/env";
import { createDb } from "../../platform/db";
import { createFacility, listFacilities, updateFacility } from "../../catalogue/index";
import { jsonBody } from "../../platform/validation";

export const adminFacilityRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<FacilitiesResponse>({ facilities: await listFacilities(createDb(c.env.DB)) }))
  .post("/", jsonBody(FacilitySchema), async (c) => c.json(await createFacility(createDb(c.env.DB), c.req.valid("json")), 201))
  .post("/:facilityId", jsonBody(FacilitySchema), async (c) => c.json(await updateFacility(createDb(c.env.DB), c.req.param("facilityId"), c.req.valid("json"))));
