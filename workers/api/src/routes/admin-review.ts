/**
 * The review API (docs/decisions/029-catalogue-control.md): the queue of paid songs waiting for an
 * operator, and the operator's two decisions — approve (correcting the artist's explicit answer when
 * the song says otherwise) or reject with a reason from the fixed list, which refunds the fee and
 * texts the artist like every rejection. Mounted behind `requireAdmin` (routes/admin.ts), which names
 * the operator each decision records.
 */
import { Hono } from "hono";
import { ApproveSongSchema, reviewRejectionText, ReviewRejectSchema, type ApproveSongResponse, type ReviewQueueResponse } from "@jplay/schema/review";
import type { RejectSongResponse } from "@jplay/schema/song-rejection";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import type { JobQueue } from "../jobs/job";
import { secondsPerWindowHour } from "../services/delivery-window";
import { operatorRejection, rejectSongByOperator } from "../services/operator-rejection";
import { listReviewQueue } from "../services/review-queue";
import { approveSong } from "../services/song-review";
import { jsonBody } from "../validation";

export const adminReviewRoutes = new Hono<AppEnv>()
  .get("/review", async (c) => c.json<ReviewQueueResponse>(await listReviewQueue(createDb(c.env.DB), secondsPerWindowHour(c.env), Date.now())))
  .post("/songs/:songId/approve", jsonBody(ApproveSongSchema), async (c) => {
    const songId = c.req.param("songId");
    const { explicit } = c.req.valid("json");
    const outcome = await approveSong(createDb(c.env.DB), c.env.JOBS as JobQueue, songId, { actor: c.var.operator!, explicit }, Date.now());
    return c.json<ApproveSongResponse>({ songId, ...outcome });
  })
  .post("/songs/:songId/review-reject", jsonBody(ReviewRejectSchema), async (c) => {
    const songId = c.req.param("songId");
    const { reason, note } = c.req.valid("json");
    const rejection = operatorRejection(reviewRejectionText(reason, note), c.var.operator!, reason);
    const status = await rejectSongByOperator(createDb(c.env.DB), c.env.JOBS as JobQueue, songId, rejection, Date.now());
    return c.json<RejectSongResponse>({ songId, status });
  });
