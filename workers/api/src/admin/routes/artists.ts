/**
 * /api/admin/artists/{artistId}: an artist's details (with their signed-in browsers), `POST …/end-sessions`
 * ends every live browser session of the artist (a lost phone, a shared computer) so those browsers can
 * no longer pay or upload as the artist, and `POST …/revoke-links` revokes their private page links
 * (a link that was shared or leaked); each writes an audit record naming the operator. Behind the admin
 * API's authentication (admin/routes/index.ts, docs/decisions/011-admin-access.md).
 */
import { Hono } from "hono";
import type { AdminRevokeArtistLinksResponse, EndArtistSessionsResponse } from "@jplay/schema/admin";
import type { AppEnv } from "../../platform/env";
import type { Ctx } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { readArtistDetails } from "../admin-artist-details";
import { revokeArtistLinksByOperator, endSessionsOfArtist, artistById } from "../../access/index";

/** The artist a route names; 404 when there is none. */
async function namedArtist(ctx: Ctx, artistId: string) {
  const artist = await artistById(ctx.db, artistId);
  if (!artist) throw notFound("No artist with this id.");
  return artist;
}

export const adminArtistRoutes = new Hono<AppEnv>()
  .get("/:artistId", async (c) => c.json(await readArtistDetails(c.var.ctx, c.req.param("artistId"))))
  .post("/:artistId/revoke-links", async (c) => {
    const artist = await namedArtist(c.var.ctx, c.req.param("artistId"));
    return c.json<AdminRevokeArtistLinksResponse>({ revoked: await revokeArtistLinksByOperator(c.var.ctx, artist.id, c.var.operator!) });
  })
  .post("/:artistId/end-sessions", async (c) => {
    const artist = await namedArtist(c.var.ctx, c.req.param("artistId"));
    return c.json<EndArtistSessionsResponse>({ ended: await endSessionsOfArtist(c.var.ctx, artist.id, c.var.operator!) });
  });
