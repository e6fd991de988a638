/**
 * A song's royalty split on the artist's private page (docs/splits.md): `GET /api/artist/{token}/songs/{songId}/splits`
 * answers the split in force now, `PUT` saves a new one that applies to sales from that moment on
 * (splits/save-song-split.ts) and texts each collaborator not yet invited their own page's link
 * (splits/invite-collaborators.ts). The token is the credential, as for the rest of the page; another
 * artist's song answers 404, as a song that does not exist does.
 */
import { Hono } from "hono";
import { SaveSongSplitSchema, type SongSplitResponse } from "@jplay/schema/splits";
import type { AppEnv } from "../../platform/env";
import { HOUR_MS } from "../../platform/limits";
import { enforceRateLimit } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";
import { inviteCollaborators, ownSong, saveSongSplit, songSplitNow } from "../../splits/index";
import { publicOrigin } from "../../platform/middleware/public-origin";
import { privateHeaders } from "../../platform/page-links";
import { openLink } from "./page";

const SPLIT_CHANGES_PER_ARTIST_PER_HOUR = 60;

export const artistSplitRoutes = new Hono<AppEnv>()
  .get("/:token/songs/:songId/splits", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    return c.json<SongSplitResponse>(await songSplitNow(c.var.ctx, artistId, c.req.param("songId")));
  })
  .put("/:token/songs/:songId/splits", jsonBody(SaveSongSplitSchema), async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    // Another artist's song is refused before the limit counts the attempt: a refusal writes nothing.
    await ownSong(c.var.ctx, artistId, c.req.param("songId"));
    await enforceRateLimit(c.var.ctx, {
      key: `splits:artist:${artistId}`,
      limit: SPLIT_CHANGES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR_MS,
      message: /*i18n*/ "Too many split changes. Please wait an hour and try again.",
    });
    const ctx = c.var.ctx;
    const now = ctx.now();
    const songId = c.req.param("songId");
    await saveSongSplit(ctx, artistId, songId, c.req.valid("json"), now);
    // Collaborators not yet asked are texted their page's link (once per collaborator and song).
    await inviteCollaborators(ctx, artistId, songId, publicOrigin(c.env) ?? new URL(c.req.url).origin, now);
    return c.json<SongSplitResponse>(await songSplitNow(ctx, artistId, songId, now));
  });
