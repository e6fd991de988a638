/** `GET /api/admin/messages?cursor=`: the texts sent to artists, newest first, 50 a page, link tokens hidden; each page names the next one's cursor. */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { readPageCursor } from "../../platform/page-cursor";
import { listTextMessages } from "../../texts/index";

export const adminMessageRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const cursor = c.req.query("cursor");
  return c.json(await listTextMessages(c.var.ctx, cursor ? readPageCursor(cursor) : null));
});
