/**
 * POST /api/provider/transfer-codes `{listenerId}`: the provider holding a listener asks for the code
 * that lets another provider take them over (listeners/transfer-codes.ts); 201 with the code, shown
 * this once. Signed like every provider call (signature v2; a POST accepted once); 404 to a provider not holding them.
 */
import { Hono } from "hono";
import { TransferCodeRequestSchema, type TransferCodeAnswer } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { authenticateProvider } from "../enrolled-providers";
import { issueTransferCode } from "../listeners/transfer-codes";
import { parseSignedBody } from "./signed-body";

export const providerTransferCodeRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const now = c.var.ctx.now();
  const rawBody = await c.req.text();
  const providerId = await authenticateProvider(c, rawBody, "Transfer codes are not issued");
  const { listenerId } = parseSignedBody(TransferCodeRequestSchema, rawBody);
  return c.json<TransferCodeAnswer>(await issueTransferCode(c.var.ctx, providerId, listenerId, now), 201, { "Cache-Control": "private, no-store" });
});
