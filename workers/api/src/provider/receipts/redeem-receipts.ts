/**
 * Redeeming receipts for download links, by the provider that holds the listener (another provider,
 * or a listener nobody named, is answered 404 with nothing written: listeners/listener-holders.ts): a
 * receipt counts when it is exactly one JPlay issued (its stored token, so nothing altered or forged
 * passes), for the listener the provider names. A song taken down for its content stays downloadable
 * to its buyers; one removed for a rights claim is refused and its buyers refunded
 * (refund-rights-removal.ts); a revoked receipt is refused with its reason. Abuse limits:
 * REDEMPTIONS_PER_RECEIPT_PER_DAY per receipt and REDEMPTIONS_PER_LISTENER_PER_HOUR per listener
 * (schema/src/receipts.ts). Each redemption is a row of receipt_redemptions naming the provider; its
 * id is the download attempt handed back with the links, the one id a failed download of them may be
 * reported under (download-failures.ts).
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import {
  REDEMPTIONS_PER_LISTENER_PER_HOUR,
  REDEMPTIONS_PER_RECEIPT_PER_DAY,
  type RedeemAnswer,
  type RedeemRequest,
  type RedemptionRefusal,
  type RedemptionResult,
} from "@jplay/schema/receipts";
import { receiptRedemptions } from "@jplay/schema/tables";
import type { MediaKind } from "@jplay/schema/provider-feed";
import type { Ctx } from "../../platform/context";
import { requireHolder } from "../listeners/listener-holders";
import { receiptsById, receiptState } from "./receipt-records";
import { claimedReceiptId } from "./receipt-token";
import { refundRightsRemoval, RIGHTS_REFUND_SYSTEM_ACTOR } from "./refund-rights-removal";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface RedemptionLinks {
  sign: (receiptId: string, kind: MediaKind) => Promise<string>;
  /** When the links expire (Unix seconds). */
  expires: number;
}

export async function redeemReceipts(ctx: Ctx, providerId: string, request: RedeemRequest, links: RedemptionLinks, now = ctx.now()): Promise<RedeemAnswer> {
  await requireHolder(ctx, providerId, request.listenerId);
  const claimed = request.receipts.map(claimedReceiptId);
  const ids = [...new Set(claimed.filter((id): id is string => id !== null))];
  const records = new Map((await receiptsById(ctx, ids)).map((record) => [record.id, record]));

  const [listenerCount] = await ctx.db
    .select({ n: count() })
    .from(receiptRedemptions)
    .where(and(eq(receiptRedemptions.listenerId, request.listenerId), gt(receiptRedemptions.at, now - HOUR_MS)));
  let listenerRedemptions = listenerCount?.n ?? 0;
  const perReceipt = new Map(
    (
      await ctx.db
        .select({ receiptId: receiptRedemptions.receiptId, n: count() })
        .from(receiptRedemptions)
        .where(and(sql`${receiptRedemptions.receiptId} in (select value from json_each(${JSON.stringify(ids)}))`, gt(receiptRedemptions.at, now - DAY_MS)))
        .groupBy(receiptRedemptions.receiptId)
    ).map((row) => [row.receiptId, row.n]),
  );

  const rightsRemoved = new Set<string>();
  const redeemed: Array<{ id: string; receiptId: string }> = [];
  const results: RedemptionResult[] = [];
  for (const [index, token] of request.receipts.entries()) {
    const receiptId = claimed[index] ?? null;
    const record = receiptId ? records.get(receiptId) : undefined;
    const refuse = (code: RedemptionRefusal, reason: string) => results.push({ index, status: "refused", receiptId: record ? record.id : null, code, reason });
    if (!record || record.token !== token) {
      refuse("invalid_receipt", "This is not a receipt JPlay issued, or it was altered");
      continue;
    }
    if (record.listenerId !== request.listenerId) {
      refuse("invalid_receipt", "This receipt belongs to another listener");
      continue;
    }
    const state = receiptState(record);
    if (state === "rights_removed") {
      rightsRemoved.add(record.songId);
      refuse("rights_removed", "This recording was removed for a rights claim: it cannot be downloaded, and its price was refunded through the provider");
      continue;
    }
    if (state === "revoked") {
      refuse("receipt_revoked", `This receipt was revoked: ${record.revokedReason ?? "no reason recorded"}`);
      continue;
    }
    const receiptRedemptionsToday = perReceipt.get(record.id) ?? 0;
    if (receiptRedemptionsToday >= REDEMPTIONS_PER_RECEIPT_PER_DAY) {
      refuse("redemption_limit", `This receipt was redeemed ${REDEMPTIONS_PER_RECEIPT_PER_DAY} times in the last 24 hours; try again later`);
      continue;
    }
    if (listenerRedemptions >= REDEMPTIONS_PER_LISTENER_PER_HOUR) {
      refuse("redemption_limit", `This listener's receipts were redeemed ${REDEMPTIONS_PER_LISTENER_PER_HOUR} times in the last hour; try again later`);
      continue;
    }
    perReceipt.set(record.id, receiptRedemptionsToday + 1);
    listenerRedemptions += 1;
    const attemptId = crypto.randomUUID();
    redeemed.push({ id: attemptId, receiptId: record.id });
    results.push({
      index,
      status: "redeemed",
      receiptId: record.id,
      songId: record.songId,
      isrc: record.isrc,
      title: record.title,
      artistName: record.artistName,
      attemptId,
      audioUrl: await links.sign(record.id, "audio"),
      coverUrl: record.coverKey ? await links.sign(record.id, "cover") : null,
      expiresAt: new Date(links.expires * 1000).toISOString(),
    });
  }

  if (redeemed.length > 0) {
    const rows = redeemed.map(({ id, receiptId }) => ({ id, receiptId, providerId, listenerId: request.listenerId, at: now }));
    // One statement for the lot (D1 binds at most 100 values a statement).
    await ctx.db.run(sql`
      insert into receipt_redemptions (id, receipt_id, provider_id, listener_id, at)
      select json_extract(r.value, '$.id'), json_extract(r.value, '$.receiptId'), json_extract(r.value, '$.providerId'), json_extract(r.value, '$.listenerId'), json_extract(r.value, '$.at')
      from json_each(${JSON.stringify(rows)}) r`);
  }
  // A rights removal's refunds, finished here if the takedown's own run was cut short (idempotent).
  for (const songId of rightsRemoved) await refundRightsRemoval(ctx, songId, RIGHTS_REFUND_SYSTEM_ACTOR, now);
  console.log(JSON.stringify({ level: "info", message: "receipts redeemed", providerId, redeemed: redeemed.length, refused: results.length - redeemed.length }));

  return { redeemed: redeemed.length, refused: results.length - redeemed.length, results };
}
