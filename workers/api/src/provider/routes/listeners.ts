/**
 * GET /api/provider/listeners/{listenerId}/library: every receipt of a listener, for restoring a
 * replacement tablet or moving to another provider. Signed like the delivery feed (over the method,
 * path and query), by any enrolled provider (enrolled-providers.ts).
 */
import { Hono } from "hono";
import { listenerIdProblem } from "@jplay/schema/purchases";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { authenticateProvider } from "../enrolled-providers";
import { requestLine } from "../provider-signature";
import { listenerLibrary } from "../receipts/listener-library";

export const providerListenerRoutes = new Hono<AppEnv>().get("/:listenerId/library", async (c) => {
  const url = new URL(c.req.url);
  await authenticateProvider(c.env, (name) => c.req.header(name), requestLine(c.req.method, c.req.url.slice(url.origin.length)), c.var.ctx.now(), "Libraries are not served");
  const listenerId = c.req.param("listenerId");
  const problem = listenerIdProblem(listenerId);
  if (problem) throw badRequest(problem);
  return c.json(await listenerLibrary(c.var.ctx, listenerId), 200);
});
