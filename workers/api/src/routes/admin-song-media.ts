/**
 * A song's audio and cover for the operator (`GET /api/admin/songs/{songId}/audio`, `/cover`), whatever
 * its status: the public media routes serve only live songs, and review needs to hear a song before it
 * is live. Behind `requireAdmin` (routes/admin.ts); never cached outside the operator's browser.
 */
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { notFound } from "../errors";
import { coverKeyToServe, requestedCoverWidth } from "../services/cover-to-serve";
import { serveMedia } from "../services/serve-media";

const PRIVATE = "private, no-store";

async function songMedia(d1: D1Database, songId: string) {
  const [song] = await createDb(d1).select({ audioKey: songs.audioKey, coverKey: songs.coverKey }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw notFound("No song with this id.");
  return song;
}

export const adminSongMediaRoutes = new Hono<AppEnv>()
  .get("/songs/:songId/audio", async (c) => {
    const song = await songMedia(c.env.DB, c.req.param("songId"));
    return serveMedia(c.env.MEDIA, song.audioKey, c.req.raw, { cacheControl: PRIVATE, missingMessage: "This song's audio is no longer stored." });
  })
  .get("/songs/:songId/cover", async (c) => {
    const width = requestedCoverWidth(c.req.query("size"));
    const song = await songMedia(c.env.DB, c.req.param("songId"));
    if (!song.coverKey) throw notFound("This song has no cover.");
    const key = await coverKeyToServe(c.env.MEDIA, song.coverKey, width);
    return serveMedia(c.env.MEDIA, key, c.req.raw, { cacheControl: PRIVATE, missingMessage: "This song's cover is no longer stored." });
  });
