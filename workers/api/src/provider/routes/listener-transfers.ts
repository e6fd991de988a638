/**
 * POST /api/provider/listener-transfers `{listenerId, code}`: a provider redeems the transfer code the
 * listener's provider (or their tablet) handed over, and holds the listener from then on
 * (listeners/transfer-codes.ts). Signed like every provider call (signature v2; a POST accepted once); a code that does
 * not move the listener is one 404, nothing written.
 */
import { Hono } from "hono";
import { ListenerTransferSchema, type ListenerTransferAnswer } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { authenticateProvider } from "../enrolled-providers";
import { redeemTransferCode } from "../listeners/transfer-codes";
import { parseSignedBody } from "./signed-body";

export const providerListenerTransferRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const now = c.var.ctx.now();
  const rawBody = await c.req.text();
  const providerId = await authenticateProvider(c, rawBody, "Listeners are not transferred");
  return c.json<ListenerTransferAnswer>(await redeemTransferCode(c.var.ctx, providerId, parseSignedBody(ListenerTransferSchema, rawBody), now), 200);
});
