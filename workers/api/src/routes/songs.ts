/**
 * /api/songs: the public catalogue the tablets list and play (docs/product.md, Data; Calls). Every call takes
 * the listener's scope, `?facility=<id>` or `?catalogue=clean` (services/catalogue-scope.ts): a song
 * outside it answers 404 as if it did not exist, media included.
 */
import { Hono, type Context } from "hono";
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
import { FULL_CATALOGUE, resolveCatalogueScope } from "../services/catalogue-scope";
import { coverKeyToServe, requestedCoverWidth } from "../services/cover-to-serve";
import { serveMedia } from "../services/serve-media";

const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 100;
/**
 * A song's audio and cover never change once uploaded, so browsers and the CDN may keep them; a
 * takedown stops serving them but cannot reach a copy already kept (docs/decisions/029).
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIST_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`);
  }
  return limit;
}

/** The database and the scope this listener call asked for (404 for an unknown facility). */
async function listenerCall(c: Context<AppEnv>) {
  const db = createDb(c.env.DB);
  const scope = await resolveCatalogueScope(db, { facility: c.req.query("facility"), catalogue: c.req.query("catalogue") });
  return { db, scope };
}

async function requirePublicSong(c: Context<AppEnv>) {
  const { db, scope } = await listenerCall(c);
  const song = await findPublicSong(db, scope, c.req.param("id")!);
  if (!song) throw notFound("Song not found");
  return song;
}

export const songsRoutes = new Hono<AppEnv>()
  .get("/popular", async (c) => {
    const { db, scope } = await listenerCall(c);
    return c.json(await listPopularSongs(db, scope, parseLimit(c.req.query("limit"))));
  })
  .get("/recent", async (c) => {
    const { db, scope } = await listenerCall(c);
    return c.json(await listRecentSongs(db, scope, parseLimit(c.req.query("limit"))));
  })
  .get("/featured", async (c) => {
    const { db, scope } = await listenerCall(c);
    return c.json(await getFeaturedSong(db, scope));
  })
  .get("/:id", async (c) => {
    const { db, scope } = await listenerCall(c);
    const songId = c.req.param("id");
    const song = await findPublicSong(db, scope, songId);
    if (song) return c.json(toSongDto(song, scope));
    // Not public yet: only the artist who submitted it may see it, and no cache may keep it. A call
    // in a facility's or the clean scope is a tablet's: it gets the scope's songs and nothing else.
    const customerId = scope.query === "" ? await readSessionCustomer(c) : null;
    const owned = customerId ? await findOwnedSong(db, songId, customerId) : undefined;
    if (!owned) throw notFound("Song not found");
    c.header("Cache-Control", "private, no-store");
    return c.json(toSongDto(owned, FULL_CATALOGUE));
  })
  .get("/:id/audio", async (c) => {
    const song = await requirePublicSong(c);
    return serveMedia(c.env.MEDIA, song.audioKey, c.req.raw, { cacheControl: IMMUTABLE, missingMessage: "Audio not found" });
  })
  .get("/:id/cover", async (c) => {
    const width = requestedCoverWidth(c.req.query("size"));
    const song = await requirePublicSong(c);
    if (!song.coverKey) throw notFound("This song has no cover");
    const key = await coverKeyToServe(c.env.MEDIA, song.coverKey, width);
    return serveMedia(c.env.MEDIA, key, c.req.raw, { cacheControl: IMMUTABLE, missingMessage: "Cover not found" });
  });
