/**
 * /api/provider/listeners/{listenerId}: what an enrolled provider (enrolled-providers.ts) does for one
 * listener, each call signed like every provider call (signature v2; a POST accepted once):
 * - GET .../library: every receipt of the listener, for restoring a replacement tablet; answered only
 *   to the provider holding the listener, to any other 404 as for an id nobody named
 *   (listeners/listener-holders.ts);
 * - POST .../sessions: opens a listener session and answers the token the tablet is opened with
 *   (listener-sessions.ts);
 * - POST .../sessions/revoke: revokes every session of the listener this provider opened; their
 *   tokens are refused from then on.
 */
import { Hono } from "hono";
import { listenerIdProblem } from "@jplay/schema/purchases";
import { LISTENER_SESSION_DEFAULT_SECONDS, OpenListenerSessionSchema } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { authenticateProvider, enrolledProviderSecret } from "../enrolled-providers";
import { openListenerSession, revokeListenerSessions } from "../listener-sessions";
import { requireHolder } from "../listeners/listener-holders";
import { listenerLibrary } from "../receipts/listener-library";
import { parseSignedBody } from "./signed-body";

function listenerIdOf(raw: string): string {
  const problem = listenerIdProblem(raw);
  if (problem) throw badRequest(problem);
  return raw;
}

export const providerListenerRoutes = new Hono<AppEnv>()
  .get("/:listenerId/library", async (c) => {
    const providerId = await authenticateProvider(c, "", "Libraries are not served");
    const listenerId = listenerIdOf(c.req.param("listenerId"));
    await requireHolder(c.var.ctx, providerId, listenerId);
    return c.json(await listenerLibrary(c.var.ctx, listenerId), 200);
  })
  .post("/:listenerId/sessions", async (c) => {
    const rawBody = await c.req.text();
    const providerId = await authenticateProvider(c, rawBody, "Listener sessions are not opened");
    const listenerId = listenerIdOf(c.req.param("listenerId"));
    const request = rawBody.trim() === "" ? {} : parseSignedBody(OpenListenerSessionSchema, rawBody);
    const lifetime = request.expiresInSeconds ?? LISTENER_SESSION_DEFAULT_SECONDS;
    const secret = enrolledProviderSecret(c.env, providerId, "Listener sessions are not opened");
    return c.json(await openListenerSession(c.var.ctx, providerId, secret, listenerId, lifetime, c.var.ctx.now()), 201);
  })
  .post("/:listenerId/sessions/revoke", async (c) => {
    const rawBody = await c.req.text();
    const providerId = await authenticateProvider(c, rawBody, "Listener sessions are not revoked");
    const listenerId = listenerIdOf(c.req.param("listenerId"));
    return c.json({ listenerId, revoked: await revokeListenerSessions(c.var.ctx, providerId, listenerId, c.var.ctx.now()) }, 200);
  });
