/** /api/videos: the promo and success videos the distribution screens play (docs/product.md, Calls). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { serveMedia } from "../../platform/serve-media";

/** Videos may be replaced by an operator, so caches keep them a day, then revalidate by ETag. */
const VIDEO_CACHE = "public, max-age=86400";
const videoKey = (name: string) => `videos/${name}.mp4`;

export const videosRoutes = new Hono<AppEnv>()
  .get("/promo", (c) => serveMedia(c.env.MEDIA, videoKey("promo"), c.req.raw, { cacheControl: VIDEO_CACHE, missingMessage: /*i18n*/ "Video not found" }))
  .get("/:file{[a-z0-9-]+\\.mp4}", (c) => {
    const name = c.req.param("file").slice(0, -".mp4".length);
    return serveMedia(c.env.MEDIA, videoKey(name), c.req.raw, { cacheControl: VIDEO_CACHE, missingMessage: /*i18n*/ "Video not found" });
  });
