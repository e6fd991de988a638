/**
 * POST /api/provider/redeem: an enrolled provider (enrolled-providers.ts) redeems a listener's
 * receipts for signed, expiring download links, one outcome per receipt (receipts/redeem-receipts.ts).
 * Signed like every provider call (a POST, so each signature is accepted once); a malformed request is refused whole (400).
 */
import { Hono } from "hono";
import { RedeemRequestSchema } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { authenticateProvider } from "../enrolled-providers";
import { mediaLinkExpiry, receiptLinkSigner } from "../provider-media-links";
import { providerSecret } from "../provider-signature";
import { redeemReceipts } from "../receipts/redeem-receipts";
import { parseSignedBody } from "./signed-body";

export const providerRedeemRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const now = c.var.ctx.now();
  const rawBody = await c.req.text();
  const providerId = await authenticateProvider(c, rawBody, "Receipts are not redeemed");
  const request = parseSignedBody(RedeemRequestSchema, rawBody);
  // Download links are JPlay's to sign and check, with the key derived from the primary secret, whoever redeems.
  const expires = mediaLinkExpiry(now);
  const sign = await receiptLinkSigner(providerSecret(c.env, "Receipts are not redeemed"), c.env.APP_ORIGIN ?? new URL(c.req.url).origin, expires);
  return c.json(await redeemReceipts(c.var.ctx, providerId, request, { sign, expires }, now), 200);
});
