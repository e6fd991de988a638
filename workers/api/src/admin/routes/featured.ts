/** `POST /api/admin/featured {songId|null}`: the one song Home features, or none (docs/decisions/053-featured-song.md), in the audit log. */
import { Hono } from "hono";
import { FeaturedSongSchema, type FeaturedSongResponse } from "@jplay/schema/catalogue-control";
import type { AppEnv } from "../../platform/env";
import { setFeaturedSong } from "../../catalogue/index";
import { jsonBody } from "../../platform/validation";

export const adminFeaturedRoutes = new Hono<AppEnv>().post("/", jsonBody(FeaturedSongSchema), async (c) => {
  const { songId } = c.req.valid("json");
  await setFeaturedSong(c.var.ctx, songId, c.var.ctx.now(), c.var.operator!);
  return c.json<FeaturedSongResponse>({ featuredSongId: songId });
});
