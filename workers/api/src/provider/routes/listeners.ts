/**
 * GET /api/provider/listeners/{listenerId}/library: every receipt of a listener, for restoring a
 * replacement tablet. Signed like the delivery feed (over the method, path and query) by an enrolled
 * provider (enrolled-providers.ts), and answered only to the one holding the listener: to any other,
 * 404 as for an id nobody named (listeners/listener-holders.ts).
 */
import { Hono } from "hono";
import { listenerIdProblem } from "@jplay/schema/purchases";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { authenticateProvider } from "../enrolled-providers";
import { requireHolder } from "../listeners/listener-holders";
import { requestLine } from "../provider-signature";
import { listenerLibrary } from "../receipts/listener-library";

export const providerListenerRoutes = new Hono<AppEnv>().get("/:listenerId/library", async (c) => {
  const url = new URL(c.req.url);
  const providerId = await authenticateProvider(c.env, (name) => c.req.header(name), requestLine(c.req.method, c.req.url.slice(url.origin.length)), c.var.ctx.now(), "Libraries are not served");
  const listenerId = c.req.param("listenerId");
  const problem = listenerIdProblem(listenerId);
  if (problem) throw badRequest(problem);
  await requireHolder(c.var.ctx, providerId, listenerId);
  return c.json(await listenerLibrary(c.var.ctx, listenerId), 200);
});
