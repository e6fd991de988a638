/**
 * POST /api/distribute (docs/product.md, Calls): the artist's song upload, for the session's artist only.
 * The multipart body is streamed to R2 as it arrives (services/receive-song-upload.ts), never held
 * in memory whole. Its size is bounded while reading (middleware/body-limit.ts refuses a declared
 * length over the limit first), and an artist already holding the maximum of unpaid songs is refused
 * before any byte is read.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { badRequest } from "../errors";
import type { JobQueue } from "../jobs/job";
import { requireSessionArtist } from "../services/artist-session";
import { multipartBoundary } from "../services/multipart-stream";
import { maxUnpaidSongsPerArtist, unpaidSongExpiryMs } from "../limits";
import { NOT_MULTIPART } from "../services/receive-song-upload";
import { submitSong } from "../services/submit-song";
import { assertUnderUnpaidLimit } from "../services/unpaid-song-limit";

export const distributionRoutes = new Hono<AppEnv>().post("/distribute", async (c) => {
  const db = createDb(c.env.DB);
  const artist = await requireSessionArtist(c, db);
  const unpaid = { max: maxUnpaidSongsPerArtist(c.env), expiryMs: unpaidSongExpiryMs(c.env) };
  await assertUnderUnpaidLimit(db, artist.id, unpaid);

  const boundary = multipartBoundary(c.req.header("Content-Type"));
  const body = c.req.raw.body;
  if (!boundary || !body) throw badRequest(NOT_MULTIPART);

  const submission = submitSong({ db, media: c.env.MEDIA, jobs: c.env.JOBS as JobQueue }, { artistId: artist.id, customerId: artist.stripeCustomerId, unpaid }, body, boundary);
  // A client that goes away mid-upload cancels the request's work on Cloudflare unless it is handed
  // to waitUntil (which grants up to 30 s more): so the read fails and what was stored is removed.
  c.executionCtx.waitUntil(submission.catch(() => undefined));
  return c.json(await submission, 201);
});
