/**
 * POST /api/distribute (spec section 7): the artist's song upload, for the session's artist only.
 * The multipart body is streamed to R2 as it arrives (services/receive-song-upload.ts), never held
 * in memory whole.
 */
import { Hono } from "hono";
import { MESSAGES } from "@jplay/schema/distribution";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { AppError, badRequest } from "../errors";
import type { JobQueue } from "../jobs/job";
import { requireSessionArtist } from "../services/artist-session";
import { multipartBoundary } from "../services/multipart-stream";
import { MAX_REQUEST_BYTES, NOT_MULTIPART } from "../services/receive-song-upload";
import { submitSong } from "../services/submit-song";

export const distributionRoutes = new Hono<AppEnv>().post("/distribute", async (c) => {
  const db = createDb(c.env.DB);
  const artist = await requireSessionArtist(c, db);

  // Refuse a body declared too large before reading any of it.
  const declaredLength = Number(c.req.header("Content-Length") ?? "0");
  if (declaredLength > MAX_REQUEST_BYTES) throw new AppError(413, "payload_too_large", MESSAGES.songSize);

  const boundary = multipartBoundary(c.req.header("Content-Type"));
  const body = c.req.raw.body;
  if (!boundary || !body) throw badRequest(NOT_MULTIPART);

  const submission = submitSong({ db, media: c.env.MEDIA, jobs: c.env.JOBS as JobQueue }, { artistId: artist.id, customerId: artist.stripeCustomerId }, body, boundary);
  // A client that goes away mid-upload cancels the request's work on Cloudflare unless it is handed
  // to waitUntil (which grants up to 30 s more): so the read fails and what was stored is removed.
  c.executionCtx.waitUntil(submission.catch(() => undefined));
  return c.json(await submission, 201);
});
