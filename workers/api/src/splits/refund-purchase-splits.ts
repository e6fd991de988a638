/**
 * A purchase given back to its listener reverses its split too (docs/splits.md, Refunds): the cents
 * the split gave collaborators, and that still sit with them, go back to the artist before the
 * purchase's own refund takes the whole artist credit back, in the refund's D1 batch. A held share
 * already returned to the artist is not reversed again; a reversed recoup counts as unpaid.
 */
import { type SQL, and, eq, isNull, sql } from "drizzle-orm";
import { LEDGER_KINDS, POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import { splitCredits } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

/** Statements to run after the `purchase.refund` posting's in one batch; they hold only when that refund was written by the batch (`refundTransactionId`). */
export async function refundSplitStatements(ctx: Ctx, purchaseId: string, artistId: string, refundTransactionId: string, now: number): Promise<SQL[]> {
  const credits = await ctx.db
    .select({ collaboratorId: splitCredits.collaboratorId, songId: splitCredits.songId, cents: splitCredits.cents, held: splitCredits.held })
    .from(splitCredits)
    .where(and(eq(splitCredits.purchaseId, purchaseId), isNull(splitCredits.refundedAt), isNull(splitCredits.returnedAt)));
  if (credits.length === 0) return [];
  const refundWritten = sql`exists (select 1 from ledger_transactions where id = ${refundTransactionId} and kind = ${LEDGER_KINDS.purchaseRefund})`;
  return [
    ...postingStatements([POSTINGS.purchaseSplitRefund({ purchaseId, artistId, credits })], now, { onlyIf: () => refundWritten }).statements,
    sql`update split_credits set refunded_at = ${now} where purchase_id = ${purchaseId} and refunded_at is null and ${refundWritten}`,
  ];
}
