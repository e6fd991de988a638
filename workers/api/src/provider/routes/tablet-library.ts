/**
 * `GET /api/provider/tablet-library`: the tablet app's Library, for the listener its signed listener
 * token names (X-JPlay-Listener, listener-token.ts): the songs of their valid receipts as the player
 * plays them, each with signed, expiring links named by its receipt (so a song taken down for its
 * content still plays for its buyer). Nothing is answered without a valid token.
 */
import { Hono } from "hono";
import { LISTENER_TOKEN_HEADER, type TabletLibraryAnswer } from "@jplay/schema/receipts";
import type { SongDto } from "@jplay/schema/song";
import type { AppEnv } from "../../platform/env";
import { verifyListenerToken } from "../listener-token";
import { mediaLinkExpiry, receiptLinkSigner } from "../provider-media-links";
import { providerSecret } from "../provider-signature";
import { receiptsOfListener, receiptState } from "../receipts/receipt-records";

export const providerTabletLibraryRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const now = c.var.ctx.now();
  const { listenerId } = await verifyListenerToken(c.var.ctx, c.req.header(LISTENER_TOKEN_HEADER), now);
  const sign = await receiptLinkSigner(providerSecret(c.env, "The Library is not available"), c.env.APP_ORIGIN ?? new URL(c.req.url).origin, mediaLinkExpiry(now));
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
});
