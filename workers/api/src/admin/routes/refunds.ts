/** `GET /api/admin/refunds`: the refunds of rejected songs' fees and their status (docs/decisions/025-refunds-of-rejected-songs.md). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { listAdminRefunds } from "../../refunds/index";

export const adminRefundRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listAdminRefunds(c.var.ctx)));
