/** `GET /api/admin/messages?page=N`: the texts sent to artists, newest first, 50 a page, link tokens hidden. */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { listTextMessages } from "../../texts/index";

const MAX_PAGE = 10_000;

export const adminMessageRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const raw = c.req.query("page") ?? "1";
  const page = Number(raw);
  if (!/^\d+$/.test(raw) || page < 1 || page > MAX_PAGE) throw badRequest(`page must be a whole number from 1 to ${MAX_PAGE}.`);
  return c.json(await listTextMessages(c.var.ctx, page));
});
