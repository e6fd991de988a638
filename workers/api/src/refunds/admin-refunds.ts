/**
 * The refunds operators look at in admin (docs/decisions/025-refunds-of-rejected-songs.md): newest
 * first, a bounded page, each with its song and artist, how many failed (money an operator must
 * return another way) and how many wait at Stripe for funds (the operator tops up).
 */
import { desc, eq, sql } from "drizzle-orm";
import { WAITING_FOR_FUNDS, type AdminRefundsResponse } from "@jplay/schema/refunds";
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
  const [counts] = await ctx.db
    .select({
      failed: sql<number>`count(case when ${refunds.status} in ('failed', 'canceled') then 1 end)`,
      waiting: sql<number>`count(case when ${refunds.pendingReason} = ${WAITING_FOR_FUNDS} then 1 end)`,
    })
    .from(refunds);
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
      pendingReason: refund.pendingReason,
      stripeRefundId: refund.stripeRefundId,
      retries: refund.retries,
      createdAt: new Date(refund.createdAt).toISOString(),
    })),
    failedCount: counts?.failed ?? 0,
    waitingForFundsCount: counts?.waiting ?? 0,
  };
}
