/**
 * `GET /api/provider/media/{songId}/{audio|cover|preview}?expires&signature`: the signed, expiring links the
 * delivery feed hands out (provider/routes/releases.ts), streamed with ranges while the song is in the
 * catalogue; an expired or altered link is a 403, a song taken down or never released a 404
 * (docs/decisions/050-provider-delivery-feed.md).
 */
import { Hono } from "hono";
import type { MediaKind } from "@jplay/schema/provider-feed";
import type { AppEnv } from "../../platform/env";
import { notFound } from "../../platform/errors";
import { providerAudioKey } from "../../releases/index";
import { previewAudioKey } from "../../platform/song-media-keys";
import { findReleasedSongMedia } from "../delivery-feed";
import { verifyMediaLink } from "../provider-media-links";
import { providerSecret } from "../provider-signature";
import { serveMedia } from "../../platform/serve-media";

export const providerMediaRoutes = new Hono<AppEnv>().get("/:songId/:kind{audio|cover|preview}", async (c) => {
  const secret = providerSecret(c.env, "Media links are not served");
  const songId = c.req.param("songId");
  const kind = c.req.param("kind") as MediaKind;
  const secondsLeft = await verifyMediaLink(secret, songId, kind, c.req.query("expires"), c.req.query("signature"), c.var.ctx.now());
  const song = await findReleasedSongMedia(c.var.ctx, songId);
  if (!song) throw notFound("This song is not in the catalogue: it was never released, or it was taken down");
  // Audio: the delivered copy, tagged with the ISRC (releases/delivered-copy.ts), when it exists.
  // Preview: the clip cut from the delivered copy (releases/cut-preview.ts), when the song has one.
  const key = kind === "audio" ? await providerAudioKey(c.var.ctx, songId, song.audioKey) : kind === "preview" ? previewAudioKey(songId) : song.coverKey;
  if (!key) throw notFound("This song has no cover");
  const missingMessage = kind === "audio" ? "Audio not found" : kind === "preview" ? "Preview not found" : "Cover not found";
  return serveMedia(c.var.ctx.media, key, c.req.raw, { cacheControl: `private, max-age=${secondsLeft}`, missingMessage });
});
