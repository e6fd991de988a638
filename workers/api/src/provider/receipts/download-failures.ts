/**
 * Downloads a provider reports as failed: each attempt counts once (its provider's attempt id), and
 * when a receipt reaches FAILED_DOWNLOADS_BEFORE_CREDIT failures its listener is credited the price,
 * through the provider, once (`POSTINGS.downloadCredit`, ref the receipt id): JPlay's cost, not the
 * artist's, whose recording was sold. A revoked receipt, or one whose song was removed for a rights
 * claim (already refunded), is never credited.
 */
import { count, eq } from "drizzle-orm";
import { LEDGER_KINDS, POSTINGS } from "@jplay/schema/ledger-postings";
import { type DownloadFailureAnswer, type DownloadFailureReport, FAILED_DOWNLOADS_BEFORE_CREDIT } from "@jplay/schema/receipts";
import { downloadFailures } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { post, postedRefs } from "../../ledger/index";
import { receiptsById, receiptState } from "./receipt-records";

export async function recordDownloadFailure(ctx: Ctx, providerId: string, report: DownloadFailureReport, now = ctx.now()): Promise<DownloadFailureAnswer> {
  const [record] = await receiptsById(ctx, [report.receiptId]);
  if (!record) throw notFound("No receipt with this id");
  await ctx.db
    .insert(downloadFailures)
    .values({ id: crypto.randomUUID(), receiptId: record.id, providerId, attemptId: report.attemptId, reason: report.reason, at: now })
    .onConflictDoNothing({ target: [downloadFailures.providerId, downloadFailures.attemptId] });
  const [failures] = await ctx.db.select({ n: count() }).from(downloadFailures).where(eq(downloadFailures.receiptId, record.id));
  const failed = failures?.n ?? 0;
  if (failed >= FAILED_DOWNLOADS_BEFORE_CREDIT && receiptState(record) === "valid") {
    if (await post(ctx, POSTINGS.downloadCredit({ receiptId: record.id, amountCents: record.priceCents }), now)) {
      console.log(JSON.stringify({ level: "info", message: "download credit issued", receiptId: record.id, providerId, cents: record.priceCents }));
    }
  }
  const credited = (await postedRefs(ctx, LEDGER_KINDS.downloadCredit, [record.id])).has(record.id);
  return { receiptId: record.id, failures: failed, credited, creditCents: credited ? record.priceCents : 0 };
}

/** Failed downloads reported for one receipt. */
export async function failedDownloadCount(ctx: Ctx, receiptId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(downloadFailures).where(eq(downloadFailures.receiptId, receiptId));
  return row?.n ?? 0;
}
