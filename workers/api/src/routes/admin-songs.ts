/**
 * Admin: `POST /songs/{songId}/reject {reason}` stops a paid song before it goes live; its fee is
 * refunded and the artist told, as for the audio check's rejections (services/operator-rejection.ts).
 * Mounted by the admin API behind its authentication and same-origin check (routes/admin.ts); this
 * file only defines the route.
 */
import { Hono } from "hono";
import { RejectSongSchema, type RejectSongResponse } from "@jplay/schema/song-rejection";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import type { JobQueue } from "../jobs/job";
import { operatorRejection, rejectSongByOperator } from "../services/operator-rejection";
import { jsonBody } from "../validation";

export const adminSongRoutes = new Hono<AppEnv>().post("/songs/:songId/reject", jsonBody(RejectSongSchema), async (c) => {
  const songId = c.req.param("songId");
  const rejection = operatorRejection(c.req.valid("json").reason, c.var.operator!);
  const status = await rejectSongByOperator(createDb(c.env.DB), c.env.JOBS as JobQueue, songId, rejection, Date.now());
  return c.json<RejectSongResponse>({ songId, status });
});
