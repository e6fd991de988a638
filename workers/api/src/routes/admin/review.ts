/**
 * `GET /api/admin/review`: the paid songs waiting for an operator before they can go live, least time
 * left first (docs/decisions/029-catalogue-control.md). The decisions are under /api/admin/songs
 * (routes/admin/songs.ts).
 */
import { Hono } from "hono";
import type { ReviewQueueResponse } from "@jplay/schema/review";
import type { AppEnv } from "../../env";
import { createDb } from "../../db";
import { secondsPerWindowHour } from "../../services/delivery-window";
import { listReviewQueue } from "../../services/review-queue";

export const adminReviewRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.json<ReviewQueueResponse>(await listReviewQueue(createDb(c.env.DB), secondsPerWindowHour(c.env), Date.now())),
);
