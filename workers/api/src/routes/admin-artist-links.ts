/**
 * Admin: revoke an artist's private page links (e.g. a link that was shared or leaked). Mounted by
 * the admin API behind its authentication (docs/decisions/011-admin-access.md); this file only defines it.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { notFound } from "../errors";
import { artistById } from "../services/rows-by-id";
import { revokeArtistLinks } from "../services/artist-links";

export const adminArtistLinkRoutes = new Hono<AppEnv>().post("/artists/:artistId/revoke-links", async (c) => {
  const db = createDb(c.env.DB);
  const artistId = c.req.param("artistId");
  const artist = await artistById(db, artistId);
  if (!artist) throw notFound("No artist with this id.");
  return c.json({ revoked: await revokeArtistLinks(db, artist.id) });
});
