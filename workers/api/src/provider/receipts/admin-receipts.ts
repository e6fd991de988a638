/**
 * What operators see and do with receipts: look one up (valid, revoked or rights-removed; how often
 * redeemed; failed downloads and any credit, or one waiting for review), revoke one with a reason —
 * the receipt row keeps who, when and why, the audit log records it in the same batch, and a
 * revocation is never overwritten (409) — and count redemptions per provider.
 */
import { count, desc, eq, max, sql } from "drizzle-orm";
import { LEDGER_KINDS } from "@jplay/schema/ledger-postings";
import type { AdminReceipt, AdminRedemptionsByProvider } from "@jplay/schema/receipts";
import { receiptRedemptions } from "@jplay/schema/tables";
import { auditEntry } from "../../platform/audit-log";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { AppError, notFound } from "../../platform/errors";
import { postedRefs } from "../../ledger/index";
import { creditStateOf, failedDownloadCount } from "./download-failures";
import { receiptsById, receiptState } from "./receipt-records";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function adminReceipt(ctx: Ctx, receiptId: string): Promise<AdminReceipt> {
  const [record] = await receiptsById(ctx, [receiptId]);
  if (!record) throw notFound("No receipt with this id");
  const [redeemed] = await ctx.db
    .select({ n: count(), last: max(receiptRedemptions.at) })
    .from(receiptRedemptions)
    .where(eq(receiptRedemptions.receiptId, receiptId));
  const credited = (await postedRefs(ctx, LEDGER_KINDS.downloadCredit, [receiptId])).has(receiptId);
  return {
    receiptId: record.id,
    purchaseId: record.purchaseId,
    listenerId: record.listenerId,
    songId: record.songId,
    title: record.title,
    isrc: record.isrc,
    priceCents: record.priceCents,
    purchasedAt: iso(record.purchasedAt)!,
    issuedAt: iso(record.issuedAt)!,
    kid: record.kid,
    state: receiptState(record),
    revokedAt: iso(record.revokedAt),
    revokedReason: record.revokedReason,
    revokedBy: record.revokedBy,
    redemptions: redeemed?.n ?? 0,
    lastRedeemedAt: iso(redeemed?.last ?? null),
    failedDownloads: await failedDownloadCount(ctx, receiptId),
    creditedCents: credited ? record.priceCents : 0,
    credit: await creditStateOf(ctx, receiptId),
  };
}

/** Revokes a receipt: it is refused at every redemption from now on. 404 unknown, 409 already revoked. */
export async function revokeReceipt(
  ctx: Ctx,
  receiptId: string,
  { reason, operator }: { reason: string; operator: string },
  now = ctx.now(),
): Promise<AdminReceipt> {
  const unrevoked = sql`exists (select 1 from receipts where id = ${receiptId} and revoked_at is null)`;
  // The record first, while the receipt is still unrevoked: a second operator's repeat writes neither.
  const [, revoked] = await runBatch(ctx.db, [
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "receipt_revoked",
        songId: sql`(select song_id from receipts where id = ${receiptId})`,
        detail: `Receipt ${receiptId} revoked: ${reason}`,
      },
      unrevoked,
    ),
    sql`update receipts set revoked_at = ${now}, revoked_reason = ${reason}, revoked_by = ${operator} where id = ${receiptId} and revoked_at is null`,
  ]);
  if (revoked.meta.changes === 0) {
    const current = await adminReceipt(ctx, receiptId); // 404 when there is no such receipt
    throw new AppError(
      409,
      "already_revoked",
      `This receipt was already revoked by ${current.revokedBy ?? "someone"}: ${current.revokedReason ?? "no reason recorded"}`,
    );
  }
  console.log(JSON.stringify({ level: "info", message: "receipt revoked", receiptId, operator, reason }));
  return adminReceipt(ctx, receiptId);
}

export async function redemptionsByProvider(ctx: Ctx): Promise<AdminRedemptionsByProvider> {
  const rows = await ctx.db
    .select({
      providerId: receiptRedemptions.providerId,
      redemptions: count(),
      receipts: sql<number>`count(distinct ${receiptRedemptions.receiptId})`,
      listeners: sql<number>`count(distinct ${receiptRedemptions.listenerId})`,
      lastAt: max(receiptRedemptions.at),
    })
    .from(receiptRedemptions)
    .groupBy(receiptRedemptions.providerId)
    .orderBy(desc(count()));
  return { providers: rows.map((row) => ({ ...row, lastAt: iso(row.lastAt ?? null) })) };
}
