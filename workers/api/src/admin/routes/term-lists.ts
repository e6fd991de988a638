/**
 * /api/admin/term-lists: the term lists songs are screened against (docs/decisions/067-term-lists-screening-audit.md).
 * `GET /` every list's current version; `POST /` a new list; `PUT /{listId}` a new version from the
 * version read (409 `stale_version` when someone changed it since); `GET /{listId}/versions` its history.
 */
import { Hono } from "hono";
import { NewTermListSchema, TermListChangeSchema, type TermListsResponse, type TermListVersionsResponse } from "@jplay/schema/compliance";
import type { AppEnv } from "../../platform/env";
import { changeTermList, createTermList, currentTermLists, listTermListVersions } from "../../compliance/index";
import { jsonBody } from "../../platform/validation";

export const adminTermListRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<TermListsResponse>({ lists: await currentTermLists(c.var.ctx) }))
  .post("/", jsonBody(NewTermListSchema), async (c) => c.json(await createTermList(c.var.ctx, c.req.valid("json"), c.var.operator!), 201))
  .put("/:listId", jsonBody(TermListChangeSchema), async (c) =>
    c.json(await changeTermList(c.var.ctx, c.req.param("listId"), c.req.valid("json"), c.var.operator!)),
  )
  .get("/:listId/versions", async (c) => c.json<TermListVersionsResponse>(await listTermListVersions(c.var.ctx, c.req.param("listId"))));
