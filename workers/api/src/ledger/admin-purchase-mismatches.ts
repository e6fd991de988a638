/**
 * The purchases operators settle with the provider (table purchase_price_mismatches, filled by
 * record-purchases.ts): reported at another price than the song's, so never credited. Newest first,
 * a bounded page, each with its song's title.
 */
import { desc, eq } from "drizzle-orm";
import type { AdminPurchaseMismatchesResponse } from "@jplay/schema/admin";
import { purchasePriceMismatches, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

export const PURCHASE_MISMATCHES_SHOWN = 200;

export async function listPurchaseMismatches(ctx: Ctx): Promise<AdminPurchaseMismatchesResponse> {
  const rows = await ctx.db
    .select({ mismatch: purchasePriceMismatches, songTitle: songs.title })
    .from(purchasePriceMismatches)
    .innerJoin(songs, eq(songs.id, purchasePriceMismatches.songId))
    .orderBy(desc(purchasePriceMismatches.detectedAt))
    .limit(PURCHASE_MISMATCHES_SHOWN);
  return {
    mismatches: rows.map(({ mismatch, songTitle }) => ({
      id: mismatch.id,
      purchaseId: mismatch.purchaseId,
      songId: mismatch.songId,
      songTitle,
      reportedPriceCents: mismatch.reportedPriceCents,
      cataloguePriceCents: mismatch.cataloguePriceCents,
      purchasedAt: new Date(mismatch.purchasedAt).toISOString(),
      detectedAt: new Date(mismatch.detectedAt).toISOString(),
    })),
  };
}
