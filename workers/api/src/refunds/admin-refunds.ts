/**
 * The refunds operators look at in admin (docs/decisions/025-refunds-of-rejected-songs.md): newest
 * first, a bounded page, each with its song and artist, and how many failed (money an operator must
 * return another way).
 */
import { desc, eq, sql } from "drizzle-orm";
import type { AdminRefundsResponse } from "@jplay/schema/refunds";
import { refunds, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

export const REFUNDS_SHOWN = 200;

export async function listAdminRefunds(ctx: Ctx): Promise<AdminRefundsResponse> {
  const rows = await ctx.db
    .select({ refund: refunds, songTitle: songs.title, artistName: songs.artistName })
    .from(refunds)
    .leftJoin(songs, eq(songs.id, refunds.songId))
    .orderBy(desc(refunds.createdAt))
    .limit(REFUNDS_SHOWN);
  const [failed] = await ctx.db.select({ n: sql<number>`count(*)` }).from(refunds).where(sql`${refunds.status} in ('failed', 'canceled')`);
  return {
    refunds: rows.map(({ refund, songTitle, artistName }) => ({
      id: refund.id,
      songId: refund.songId,
      songTitle,
      artistId: refund.artistId,
      artistName,
      amountCents: refund.amountCents,
      status: refund.status,
      reason: refund.reason,
      failureReason: refund.failureReason,
      stripeRefundId: refund.stripeRefundId,
      createdAt: new Date(refund.createdAt).toISOString(),
    })),
    failedCount: failed?.n ?? 0,
  };
}
