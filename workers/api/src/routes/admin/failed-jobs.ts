/** `GET /api/admin/failed-jobs`: jobs that failed every retry, as the dead-letter consumer recorded them (jobs/record-dead-letters.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { createDb } from "../../db";
import { listFailedJobs } from "../../services/admin-failed-jobs";

export const adminFailedJobRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listFailedJobs(createDb(c.env.DB))));
