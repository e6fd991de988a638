/**
 * `GET /api/artist/{token}/songs/{songId}/audio-check`: what listening to one of the artist's songs
 * measured (docs/audio-checks.md), for the "Sound check" on their page; `audioCheck` is null until
 * the song was listened to. Another artist's song, an unknown id or a bad token answer 404, alike.
 */
import { Hono } from "hono";
import { audioCheckView, type AudioCheckResponse } from "@jplay/schema/audio-check";
import type { AppEnv } from "../../platform/env";
import { notFound } from "../../platform/errors";
import { songById } from "../../catalogue/index";
import { audioChecksOf } from "../../distribution/index";
import { privateHeaders } from "../../platform/page-links";
import { openLink } from "./page";

const SONG_NOT_FOUND = /*i18n*/ "Song not found";

export const artistSongAudioCheckRoutes = new Hono<AppEnv>().get("/:token/songs/:songId/audio-check", async (c) => {
  privateHeaders(c);
  const { artistId } = await openLink(c);
  const songId = c.req.param("songId");
  const song = await songById(c.var.ctx.db, songId);
  if (!song || song.artistId !== artistId) throw notFound(SONG_NOT_FOUND);
  const stored = (await audioChecksOf(c.var.ctx.db, [song.id])).get(song.id);
  return c.json<AudioCheckResponse>({ audioCheck: stored ? audioCheckView(stored) : null });
});
