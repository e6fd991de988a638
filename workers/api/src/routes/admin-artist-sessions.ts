/**
 * Admin: end every live browser session of an artist (e.g. a lost phone, a shared computer), so
 * those browsers can no longer pay or upload as the artist. Mounted by the admin API behind its
 * authentication (docs/decisions/011-admin-access.md); this file only defines it.
 */
import { Hono } from "hono";
import type { EndArtistSessionsResponse } from "@jplay/schema/admin";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { notFound } from "../errors";
import { artistById } from "../services/rows-by-id";
import { endSessionsOfArtist } from "../services/artist-sessions";

export const adminArtistSessionRoutes = new Hono<AppEnv>().post("/artists/:artistId/end-sessions", async (c) => {
  const db = createDb(c.env.DB);
  const artist = await artistById(db, c.req.param("artistId"));
  if (!artist) throw notFound("No artist with this id.");
  return c.json<EndArtistSessionsResponse>({ ended: await endSessionsOfArtist(db, artist.id, "ended_by_operator") });
});
