/**
 * `GET /api/provider/tablet-library`: the tablet app's Library, for the listener its signed listener
 * token names (X-JPlay-Listener, listener-token.ts): the songs of their valid receipts as the player
 * plays them, each with signed, expiring links named by its receipt (so a song taken down for its
 * content still plays for its buyer). Nothing is answered without a valid token, nor to a token of a
 * provider that does not hold the listener (404, listeners/listener-holders.ts).
 * `POST /api/provider/tablet-library/transfer-code`: the listener's own tablet asks for the code that
 * lets another provider take them over (listeners/transfer-codes.ts), with the same token.
 */
import { Hono } from "hono";
import { LISTENER_TOKEN_HEADER, type TabletLibraryAnswer, type TransferCodeAnswer } from "@jplay/schema/receipts";
import type { SongDto } from "@jplay/schema/song";
import type { AppEnv } from "../../platform/env";
import { verifyListenerToken } from "../listener-token";
import { requireHolder } from "../listeners/listener-holders";
import { issueTransferCode } from "../listeners/transfer-codes";
import { mediaLinkExpiry, receiptLinkSigner } from "../provider-media-links";
import { providerSecret } from "../provider-signature";
import { receiptsOfListener, receiptState } from "../receipts/receipt-records";

export const providerTabletLibraryRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const now = c.var.ctx.now();
    const { providerId, listenerId } = await verifyListenerToken(c.var.ctx, c.req.header(LISTENER_TOKEN_HEADER), now);
    await requireHolder(c.var.ctx, providerId, listenerId);
    const sign = await receiptLinkSigner(
      providerSecret(c.env, "The Library is not available"),
      c.env.APP_ORIGIN ?? new URL(c.req.url).origin,
      mediaLinkExpiry(now),
    );
    // Newest purchase first, each song once (a song bought twice is one entry).
    const seen = new Set<string>();
    const records = (await receiptsOfListener(c.var.ctx, listenerId))
      .filter((record) => receiptState(record) === "valid")
      .reverse()
      .filter((record) => !seen.has(record.songId) && Boolean(seen.add(record.songId)));
    const songs: SongDto[] = await Promise.all(
      records.map(async (record) => ({
        id: record.songId,
        title: record.title,
        artist: record.artistName,
        coverUrl: record.coverKey ? await sign(record.id, "cover") : null,
        audioUrl: await sign(record.id, "audio"),
        createdAt: new Date(record.purchasedAt).toISOString(),
        price: record.priceCents / 100,
        explicit: record.explicit !== false,
      })),
    );
    return c.json<TabletLibraryAnswer>({ songs }, 200, { "Cache-Control": "private, no-store" });
  })
  .post("/transfer-code", async (c) => {
    const now = c.var.ctx.now();
    const { providerId, listenerId } = await verifyListenerToken(c.var.ctx, c.req.header(LISTENER_TOKEN_HEADER), now);
    return c.json<TransferCodeAnswer>(await issueTransferCode(c.var.ctx, providerId, listenerId, now), 201, { "Cache-Control": "private, no-store" });
  });
