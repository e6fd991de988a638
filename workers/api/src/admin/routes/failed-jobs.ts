/** `GET /api/admin/failed-jobs`: jobs that failed every retry, as the dead-letter consumer recorded them (worker/record-dead-letters.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { listFailedJobs } from "../../platform/failed-jobs";

export const adminFailedJobRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listFailedJobs(c.var.ctx)));
