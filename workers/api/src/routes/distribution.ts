/** POST /api/distribute (spec section 7): the artist's song upload, for the session's artist only. */
import { Hono } from "hono";
import { COVER_MAX_BYTES, MP3_MAX_BYTES } from "@jplay/schema/pricing";
import { MESSAGES } from "@jplay/schema/distribution";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { AppError, forbidden } from "../errors";
import type { JobQueue } from "../jobs/job";
import { requireSessionArtist } from "../services/artist-session";
import { checkSongUpload, submitSong } from "../services/submit-song";

/** Both files at their limits plus the text fields and multipart framing. */
const MAX_REQUEST_BYTES = MP3_MAX_BYTES + COVER_MAX_BYTES + 64 * 1024;

export const distributionRoutes = new Hono<AppEnv>().post("/distribute", async (c) => {
  const db = createDb(c.env.DB);
  const artist = await requireSessionArtist(c, db);

  // Refuse an oversized body before reading it into memory.
  const declaredLength = Number(c.req.header("Content-Length") ?? "0");
  if (declaredLength > MAX_REQUEST_BYTES) throw new AppError(413, "payload_too_large", MESSAGES.songSize);

  const form = await c.req.formData().catch(() => {
    throw new AppError(400, "bad_request", "Send the song as multipart form data.");
  });
  const customerId = form.get("customerId");
  if (typeof customerId === "string" && customerId !== "" && customerId !== artist.stripeCustomerId) {
    throw forbidden("This payment setup belongs to another session. Please reload the page and try again.");
  }

  const upload = await checkSongUpload({
    fields: {
      artistName: form.get("artistName") ?? undefined,
      songTitle: form.get("songTitle") ?? undefined,
      price: form.get("price") ?? undefined,
    },
    songFile: form.get("songFile"),
    coverImage: form.get("coverImage"),
  });
  const created = await submitSong({ db, media: c.env.MEDIA, jobs: c.env.JOBS as JobQueue }, artist.id, upload);
  return c.json(created, 201);
});
