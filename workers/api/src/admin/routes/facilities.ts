/**
 * /api/admin/facilities: the facilities the tablets belong to and whether each takes clean music only
 * (docs/decisions/051-facilities-and-clean-catalogue.md) — listed, added (`POST /`) and changed (`POST /{facilityId}`).
 */
import { Hono } from "hono";
import { FacilitySchema, type FacilitiesResponse } from "@jplay/schema/facilities";
import type { AppEnv } from "../../platform/env";
import { createFacility, listFacilities, updateFacility } from "../../catalogue/index";
import { jsonBody } from "../../platform/validation";

export const adminFacilityRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<FacilitiesResponse>({ facilities: await listFacilities(c.var.ctx) }))
  .post("/", jsonBody(FacilitySchema), async (c) => c.json(await createFacility(c.var.ctx, c.req.valid("json")), 201))
  .post("/:facilityId", jsonBody(FacilitySchema), async (c) => c.json(await updateFacility(c.var.ctx, c.req.param("facilityId"), c.req.valid("json"))));
