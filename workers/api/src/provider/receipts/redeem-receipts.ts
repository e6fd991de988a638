/**
 * Redeeming receipts for download links, by the provider that holds the listener (another provider,
 * or a listener nobody named, is answered 404 with nothing written: listeners/listener-holders.ts): a
 * receipt counts when it is exactly one JPlay issued (its stored token, so nothing altered or forged
 * passes), for the listener the provider names. A song taken down for its content stays downloadable
 * to its buyers; one removed for a rights claim is refused and its buyers refunded
 * (refund-rights-removal.ts); a revoked receipt is refused with its reason. Abuse limits:
 * REDEMPTIONS_PER_RECEIPT_PER_DAY per receipt and REDEMPTIONS_PER_LISTENER_PER_HOUR per listener
 * (schema/src/receipts.ts), each checked by the statement that records the redemption, so concurrent
 * calls cannot exceed them. A receipt whose header is not `typ: "jplay-receipt+jwt"` (RFC 8725 §3.11)
 * is refused. Each redemption is a row of receipt_redemptions naming the provider; its id is the
 * download attempt handed back with the links, the one id a failed download of them may be reported
 * under (download-failures.ts).
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
import { runBatch } from "../../platform/db";
import { requireHolder } from "../listeners/listener-holders";
import { receiptsById, receiptState } from "./receipt-records";
import { claimedReceiptId, RECEIPT_TYPE, receiptType } from "./receipt-token";
import { refundRightsRemoval, RIGHTS_REFUND_SYSTEM_ACTOR } from "./refund-rights-removal";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface RedemptionLinks {
  sign: (receiptId: string, kind: MediaKind) => Promise<string>;
  /** When the links expire (Unix seconds). */
  expires: number;
}

type Candidate = { index: number; record: Awaited<ReturnType<typeof receiptsById>>[number] };

/**
 * Records the redemptions of `candidates` where the limits allow, each with one conditional INSERT
 * (the limits' counts read inside the statement that writes, so two concurrent redemptions cannot
 * both pass the last free one); the statements run in order in one batch, so a call's own earlier
 * redemptions count for its later ones. Answers the indexes recorded, each with its row's id (the
 * download attempt).
 */
async function recordWithinLimits(ctx: Ctx, providerId: string, listenerId: string, candidates: Candidate[], now: number): Promise<Map<number, string>> {
  if (candidates.length === 0) return new Map();
  const attemptIds = candidates.map(() => crypto.randomUUID());
  const statements = candidates.map(
    ({ record }, position) => sql`
      insert into receipt_redemptions (id, receipt_id, provider_id, listener_id, at)
      select ${attemptIds[position]!}, ${record.id}, ${providerId}, ${listenerId}, ${now}
      where (select count(*) from receipt_redemptions where receipt_id = ${record.id} and at > ${now - DAY_MS}) < ${REDEMPTIONS_PER_RECEIPT_PER_DAY}
        and (select count(*) from receipt_redemptions where listener_id = ${listenerId} and at > ${now - HOUR_MS}) < ${REDEMPTIONS_PER_LISTENER_PER_HOUR}
      returning id`,
  );
  const outcomes = await runBatch(ctx.db, statements);
  return new Map(candidates.flatMap(({ index }, position) => ((outcomes[position]?.results.length ?? 0) > 0 ? [[index, attemptIds[position]!] as const] : [])));
}

/** Which limit refused a receipt that was not recorded (read after the fact, for the refusal's reason only). */
async function receiptLimitReached(ctx: Ctx, receiptId: string, now: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(receiptRedemptions)
    .where(and(eq(receiptRedemptions.receiptId, receiptId), gt(receiptRedemptions.at, now - DAY_MS)));
  return (row?.n ?? 0) >= REDEMPTIONS_PER_RECEIPT_PER_DAY;
}

export async function redeemReceipts(ctx: Ctx, providerId: string, request: RedeemRequest, links: RedemptionLinks, now = ctx.now()): Promise<RedeemAnswer> {
  await requireHolder(ctx, providerId, request.listenerId);
  const claimed = request.receipts.map(claimedReceiptId);
  const ids = [...new Set(claimed.filter((id): id is string => id !== null))];
  const records = new Map((await receiptsById(ctx, ids)).map((record) => [record.id, record]));

  const rightsRemoved = new Set<string>();
  const refusals = new Map<number, RedemptionResult>();
  const candidates: Candidate[] = [];
  for (const [index, token] of request.receipts.entries()) {
    const receiptId = claimed[index] ?? null;
    const record = receiptId ? records.get(receiptId) : undefined;
    const refuse = (code: RedemptionRefusal, reason: string) =>
      refusals.set(index, { index, status: "refused", receiptId: record ? record.id : null, code, reason });
    if (!record || record.token !== token) {
      refuse("invalid_receipt", "This is not a receipt JPlay issued, or it was altered");
      continue;
    }
    if (receiptType(token) !== RECEIPT_TYPE) {
      refuse("invalid_receipt", `This receipt's header is not typ "${RECEIPT_TYPE}": read the listener's library again for its current receipt`);
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
    candidates.push({ index, record });
  }

  const recorded = await recordWithinLimits(ctx, providerId, request.listenerId, candidates, now);
  for (const { index, record } of candidates) {
    if (recorded.has(index)) continue;
    const reason = (await receiptLimitReached(ctx, record.id, now))
      ? `This receipt was redeemed ${REDEMPTIONS_PER_RECEIPT_PER_DAY} times in the last 24 hours; try again later`
      : `This listener's receipts were redeemed ${REDEMPTIONS_PER_LISTENER_PER_HOUR} times in the last hour; try again later`;
    refusals.set(index, { index, status: "refused", receiptId: record.id, code: "redemption_limit", reason });
  }

  const byIndex = new Map(candidates.map((candidate) => [candidate.index, candidate.record]));
  const results: RedemptionResult[] = [];
  for (const index of request.receipts.keys()) {
    const refusal = refusals.get(index);
    const record = byIndex.get(index);
    const attemptId = recorded.get(index);
    if (refusal || !record || !attemptId) {
      results.push(refusal!);
      continue;
    }
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

  // A rights removal's refunds, finished here if the takedown's own run was cut short (idempotent).
  for (const songId of rightsRemoved) await refundRightsRemoval(ctx, songId, RIGHTS_REFUND_SYSTEM_ACTOR, now);
  console.log(JSON.stringify({ level: "info", message: "receipts redeemed", providerId, redeemed: recorded.size, refused: results.length - recorded.size }));

  return { redeemed: recorded.size, refused: results.length - recorded.size, results };
}
