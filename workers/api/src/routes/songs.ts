/** /api/songs: the public catalogue the tablets list and play (spec sections 3 and 7). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { badRequest, notFound } from "../errors";
import { readSessionCustomer } from "../services/artist-session";
import {
  findOwnedSong,
  findPublicSong,
  getFeaturedSong,
  listPopularSongs,
  listRecentSongs,
  toSongDto,
} from "../services/catalogue";
import { serveMedia } from "../services/serve-media";

const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 100;
/** A song's audio and cover never change once uploaded, so browsers and the CDN may keep them. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIST_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`);
  }
  return limit;
}

async function requirePublicSong(env: Env, songId: string) {
  const song = await findPublicSong(createDb(env.DB), songId);
  if (!song) throw notFound("Song not found");
  return song;
}

export const songsRoutes = new Hono<AppEnv>()
  .get("/popular", async (c) => c.json(await listPopularSongs(createDb(c.env.DB), parseLimit(c.req.query("limit")))))
  .get("/recent", async (c) => c.json(await listRecentSongs(createDb(c.env.DB), parseLimit(c.req.query("limit")))))
  .get("/featured", async (c) => c.json(await getFeaturedSong(createDb(c.env.DB))))
  .get("/:id", async (c) => {
    const db = createDb(c.env.DB);
    const songId = c.req.param("id");
    const song = await findPublicSong(db, songId);
    if (song) return c.json(toSongDto(song));
    // Not public yet: only the artist who submitted it may see it, and no cache may keep it.
    const customerId = await readSessionCustomer(c);
    const owned = customerId ? await findOwnedSong(db, songId, customerId) : undefined;
    if (!owned) throw notFound("Song not found");
    c.header("Cache-Control", "private, no-store");
    return c.json(toSongDto(owned));
  })
  .get("/:id/audio", async (c) => {
    const song = await requirePublicSong(c.env, c.req.param("id"));
    return serveMedia(c.env.MEDIA, song.audioKey, c.req.raw, { cacheControl: IMMUTABLE, missingMessage: "Audio not found" });
  })
  .get("/:id/cover", async (c) => {
    const song = await requirePublicSong(c.env, c.req.param("id"));
    if (!song.coverKey) throw notFound("This song has no cover");
    return serveMedia(c.env.MEDIA, song.coverKey, c.req.raw, { cacheControl: IMMUTABLE, missingMessage: "Cover not found" });
  });
