/**
 * `GET /api/health`: the browser's reachability probe (apps/web/src/lib/network-status.ts). While a
 * tablet's requests fail it asks here every few seconds, to learn when the server can be reached
 * again. It touches no binding and is never cached, so an answer means this Worker answered now.
 */
import { Hono } from "hono";
import { HEALTH_BODY } from "@jplay/schema/health";
import type { AppEnv } from "../../platform/env";

export const healthRoutes = new Hono<AppEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(HEALTH_BODY);
});
