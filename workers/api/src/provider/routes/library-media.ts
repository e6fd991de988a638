/**
 * `GET /api/provider/library-media/{receiptId}/{audio|cover}?expires&signature`: the links a
 * redemption hands out (routes/redeem.ts), streamed with ranges to the receipt's buyer while the
 * receipt holds — also after its song left the catalogue for its content. A revoked receipt, or a
 * song removed for a rights claim, is refused (403); an expired or altered link too.
 */
import { Hono } from "hono";
import type { MediaKind } from "@jplay/schema/provider-feed";
import type { AppEnv } from "../../platform/env";
import { AppError, notFound } from "../../platform/errors";
import { serveMedia } from "../../platform/serve-media";
import { providerAudioKey } from "../../releases/index";
import { verifyReceiptLink } from "../provider-media-links";
import { providerSecret } from "../provider-signature";
import { receiptsById, receiptState } from "../receipts/receipt-records";

export const providerLibraryMediaRoutes = new Hono<AppEnv>().get("/:receiptId/:kind{audio|cover}", async (c) => {
  const secret = providerSecret(c.env, "Download links are not served");
  const receiptId = c.req.param("receiptId");
  const kind = c.req.param("kind") as MediaKind;
  const secondsLeft = await verifyReceiptLink(secret, receiptId, kind, c.req.query("expires"), c.req.query("signature"), c.var.ctx.now());
  const [record] = await receiptsById(c.var.ctx, [receiptId]);
  if (!record) throw notFound("No such receipt");
  const state = receiptState(record);
  if (state === "rights_removed") throw new AppError(403, "rights_removed", "This recording was removed for a rights claim: it cannot be downloaded");
  if (state === "revoked") throw new AppError(403, "receipt_revoked", "This receipt was revoked");
  const key = kind === "audio" ? await providerAudioKey(c.var.ctx, record.songId, record.audioKey) : record.coverKey;
  if (!key) throw notFound("This song has no cover");
  return serveMedia(c.var.ctx.media, key, c.req.raw, {
    cacheControl: `private, max-age=${secondsLeft}`,
    missingMessage: kind === "audio" ? "Audio not found" : "Cover not found",
  });
});
