/**
 * /api/admin/facilities: the facilities the tablets belong to and whether each takes clean music only
 * (docs/decisions/051-facilities-and-clean-catalogue.md) — listed, added (`POST /`) and changed (`POST /{facilityId}`).
 * Its profile's term lists (`PUT /{facilityId}/term-lists {listIds}`) and its blocks of artists and
 * songs (`GET|POST /{facilityId}/blocks`, `POST /{facilityId}/blocks/{blockId}/lift {reason}`) are
 * compliance (docs/decisions/067-term-lists-screening-audit.md). Every change is in the audit log.
 */
import { Hono } from "hono";
import { FacilitySchema, type FacilitiesResponse } from "@jplay/schema/facilities";
import {
  BlockSchema,
  FacilityTermListsSchema,
  UnblockSchema,
  type FacilityBlock,
  type FacilityBlocksResponse,
  type FacilityTermListsResponse,
  type LiftBlockResponse,
} from "@jplay/schema/compliance";
import type { AppEnv } from "../../platform/env";
import { createFacility, listFacilities, updateFacility } from "../../catalogue/index";
import { blockAtFacility, liftBlock, listFacilityBlocks, setFacilityTermLists } from "../../compliance/index";
import { jsonBody } from "../../platform/validation";

export const adminFacilityRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<FacilitiesResponse>({ facilities: await listFacilities(c.var.ctx) }))
  .post("/", jsonBody(FacilitySchema), async (c) => c.json(await createFacility(c.var.ctx, c.req.valid("json"), c.var.ctx.now(), c.var.operator), 201))
  .post("/:facilityId", jsonBody(FacilitySchema), async (c) =>
    c.json(await updateFacility(c.var.ctx, c.req.param("facilityId"), c.req.valid("json"), c.var.operator)),
  )
  .put("/:facilityId/term-lists", jsonBody(FacilityTermListsSchema), async (c) =>
    c.json<FacilityTermListsResponse>({
      listIds: await setFacilityTermLists(c.var.ctx, c.req.param("facilityId"), c.req.valid("json").listIds, c.var.operator!),
    }),
  )
  .get("/:facilityId/blocks", async (c) => c.json<FacilityBlocksResponse>({ blocks: await listFacilityBlocks(c.var.ctx, c.req.param("facilityId")) }))
  .post("/:facilityId/blocks", jsonBody(BlockSchema), async (c) =>
    c.json<FacilityBlock>(await blockAtFacility(c.var.ctx, c.req.param("facilityId"), c.req.valid("json"), c.var.operator!), 201),
  )
  .post("/:facilityId/blocks/:blockId/lift", jsonBody(UnblockSchema), async (c) => {
    await liftBlock(c.var.ctx, c.req.param("facilityId"), c.req.param("blockId"), { reason: c.req.valid("json").reason, actor: c.var.operator! });
    return c.json<LiftBlockResponse>({ lifted: true });
  });
