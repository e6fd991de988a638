/**
 * `GET /api/admin/review`: the paid songs waiting for an operator before they can go live, least time
 * left first (docs/decisions/029-review-before-delivery.md). The decisions are under /api/admin/songs
 * (admin/routes/songs.ts).
 */
import { Hono } from "hono";
import type { ReviewQueueResponse } from "@jplay/schema/review";
import type { AppEnv } from "../../platform/env";
import type { HeldSongsResponse } from "@jplay/schema/compliance";
import { listReviewQueue } from "../../distribution/index";
import { listHeldSongs } from "../../compliance/index";

/** `GET /held`: live songs a term-list change held at facilities, waiting for an override or a block. */
export const adminReviewRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<ReviewQueueResponse>(await listReviewQueue(c.var.ctx)))
  .get("/held", async (c) => c.json<HeldSongsResponse>({ songs: await listHeldSongs(c.var.ctx) }));
