/**
 * A song removed for a rights claim may not be downloaded by anyone, so its buyers get their money
 * back, through the provider: each credited purchase of the song is given back by a ledger posting
 * (`POSTINGS.purchaseRefund`, once per purchase however often this runs, its royalty split reversed with it), and its receipt is revoked
 * naming why. Run when an operator takes a song down for rights, and again by any redemption that
 * meets such a song, so a refund interrupted half-way is finished by the next caller
 * (docs/decisions/068-rights-removals-refund-buyers.md). What a call refunded is one audit record, naming
 * the operator who took the song down, or `jplay` when a redemption finished the refunds (decision 087).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { LEDGER_KINDS, POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import { salesRollupRefresh } from "@jplay/schema/sales-days";
import { purchases, receipts, songs } from "@jplay/schema/tables";
import { formatMoney } from "@jplay/schema/language";
import { auditEntry } from "../../platform/audit-log";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { refundSplitStatements } from "../../splits/index";

export const RIGHTS_REFUND_REASON = "Refunded: the recording was removed for a rights claim";
/** Who the audit log names when a redemption, not an operator, finished a rights removal's refunds. */
export const RIGHTS_REFUND_SYSTEM_ACTOR = "jplay";

/** Refunds every buyer of `songId` not refunded yet; returns how many purchases and cents this call gave back. */
export async function refundRightsRemoval(ctx: Ctx, songId: string, actor: string, now = ctx.now()): Promise<{ refunded: number; cents: number }> {
  const credited = await ctx.db
    .select({ purchaseId: purchases.id, priceCents: purchases.priceCents, artistId: songs.artistId, revenueSplitBps: songs.revenueSplitBps })
    .from(purchases)
    .innerJoin(songs, eq(songs.id, purchases.songId))
    .where(
      and(
        eq(purchases.songId, songId),
        sql`exists (select 1 from ledger_transactions t where t.kind = ${LEDGER_KINDS.purchase} and t.ref = ${purchases.id})`,
        sql`not exists (select 1 from ledger_transactions t where t.kind = ${LEDGER_KINDS.purchaseRefund} and t.ref = ${purchases.id})`,
      ),
    );
  let refunded = 0;
  let cents = 0;
  for (const purchase of credited) {
    if (!purchase.artistId) continue;
    // The purchase's split is reversed in the refund's own batch (docs/splits.md, Refunds).
    const refund = postingStatements(
      [
        POSTINGS.purchaseRefund({
          purchaseId: purchase.purchaseId,
          artistId: purchase.artistId,
          priceCents: purchase.priceCents,
          revenueSplitBps: purchase.revenueSplitBps,
        }),
      ],
      now,
    );
    const splits = await refundSplitStatements(ctx, purchase.purchaseId, purchase.artistId, refund.transactionIds.get(purchase.purchaseId)!, now);
    // The sale's day in the sales reports' rollup is summed again in the same batch (schema/src/sales-days.ts).
    const [written] = await runBatch(ctx.db, [...refund.statements, ...splits, ...salesRollupRefresh([purchase.purchaseId])]);
    if (written.meta.changes === 1) {
      refunded += 1;
      cents += purchase.priceCents;
    }
  }
  await ctx.db
    .update(receipts)
    .set({ revokedAt: now, revokedReason: RIGHTS_REFUND_REASON, revokedBy: "jplay" })
    .where(and(eq(receipts.songId, songId), isNull(receipts.revokedAt)));
  if (refunded > 0) {
    // After the postings, each applied once whoever runs it: a call stopped before this line leaves its
    // refunds to the next caller's record, which counts only what that call gave back.
    await ctx.db.run(
      auditEntry({
        at: now,
        actor,
        action: "rights_refund",
        songId,
        detail: `Refunded ${refunded} purchase${refunded === 1 ? "" : "s"} (${formatMoney(cents, "en")}) to the buyers of a song removed for a rights claim`,
      }),
    );
    console.log(JSON.stringify({ level: "info", message: "rights removal refunded", songId, refunded, cents }));
  }
  return { refunded, cents };
}
