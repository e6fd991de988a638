/**
 * POST /api/provider/download-failures: an enrolled provider reports a download of a receipt's
 * recording that failed; enough failures credit the listener (receipts/download-failures.ts).
 */
import { Hono } from "hono";
import { DownloadFailureSchema } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { authenticateProvider } from "../enrolled-providers";
import { recordDownloadFailure } from "../receipts/download-failures";
import { parseSignedBody } from "./signed-body";

export const providerDownloadFailureRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const now = c.var.ctx.now();
  const rawBody = await c.req.text();
  const providerId = await authenticateProvider(c, rawBody, "Failed downloads are not recorded");
  return c.json(await recordDownloadFailure(c.var.ctx, providerId, parseSignedBody(DownloadFailureSchema, rawBody), now), 200);
});
