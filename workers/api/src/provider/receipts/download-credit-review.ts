/**
 * The operators' review queue of failed-download credits (docs/artists-and-operators.md, "Admin portal"): credits a provider
 * earned past its daily cap (download-failures.ts) wait here, oldest first, until an operator approves
 * one — its ledger transaction is then written, in the same batch as the decision, once however often
 * approval is sent — or denies it (nothing is ever written for it). The decision keeps who and when,
 * and the audit log records it in the same batch (docs/decisions/087-audit-log-hash-chain.md); a
 * repeated or refused decision records nothing.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { AdminDownloadCredit, AdminDownloadCreditQueue } from "@jplay/schema/receipts";
import { downloadCredits, receipts, songs } from "@jplay/schema/tables";
import { auditEntry } from "../../platform/audit-log";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { AppError, notFound } from "../../platform/errors";
import { creditPostingStatements, failedDownloadCount } from "./download-failures";
import { receiptsById, receiptState } from "./receipt-records";

/** The most credits the queue answers at once (with the total waiting). */
const QUEUE_PAGE = 200;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const creditColumns = {
  receiptId: downloadCredits.receiptId,
  providerId: downloadCredits.providerId,
  songId: receipts.songId,
  title: songs.title,
  amountCents: downloadCredits.amountCents,
  status: downloadCredits.status,
  requestedAt: downloadCredits.requestedAt,
  decidedAt: downloadCredits.decidedAt,
  decidedBy: downloadCredits.decidedBy,
};

const creditRows = (ctx: Ctx) =>
  ctx.db
    .select(creditColumns)
    .from(downloadCredits)
    .innerJoin(receipts, eq(receipts.id, downloadCredits.receiptId))
    .innerJoin(songs, eq(songs.id, receipts.songId));

type CreditRow = Awaited<ReturnType<ReturnType<typeof creditRows>["where"]>>[number];

const asAdminCredit = async (ctx: Ctx, row: CreditRow): Promise<AdminDownloadCredit> => ({
  ...row,
  failures: await failedDownloadCount(ctx, row.receiptId),
  requestedAt: iso(row.requestedAt)!,
  decidedAt: iso(row.decidedAt),
});

export async function downloadCreditQueue(ctx: Ctx): Promise<AdminDownloadCreditQueue> {
  const rows = await creditRows(ctx)
    .where(eq(downloadCredits.status, "queued"))
    .orderBy(asc(downloadCredits.requestedAt), asc(downloadCredits.receiptId))
    .limit(QUEUE_PAGE);
  const [total] = await ctx.db.select({ n: count() }).from(downloadCredits).where(eq(downloadCredits.status, "queued"));
  return { credits: await Promise.all(rows.map((row) => asAdminCredit(ctx, row))), total: total?.n ?? 0 };
}

async function creditOf(ctx: Ctx, receiptId: string): Promise<CreditRow> {
  const [row] = await creditRows(ctx).where(eq(downloadCredits.receiptId, receiptId));
  if (!row) throw notFound("No failed-download credit for this receipt");
  return row;
}

const stillQueued = (receiptId: string) => sql`exists (select 1 from download_credits where receipt_id = ${receiptId} and status = 'queued')`;

const decidedBefore = (row: CreditRow) => `${row.decidedBy ?? "someone"} at ${iso(row.decidedAt) ?? "an unknown time"}`;

/** Approves a queued credit: written to the ledger once. Approving a credited one answers it as it is; a denied one is 409. */
export async function approveDownloadCredit(ctx: Ctx, receiptId: string, operator: string, now = ctx.now()): Promise<AdminDownloadCredit> {
  const row = await creditOf(ctx, receiptId);
  if (row.status === "denied") throw new AppError(409, "already_decided", `This credit was denied by ${decidedBefore(row)}`);
  if (row.status === "queued") {
    const [record] = await receiptsById(ctx, [receiptId]);
    const state = record ? receiptState(record) : "revoked";
    if (state === "revoked") throw new AppError(409, "receipt_revoked", "The receipt was revoked since this credit was queued: deny it");
    if (state === "rights_removed")
      throw new AppError(409, "rights_removed", "The recording was removed for a rights claim and its buyers refunded: deny this credit");
  }
  // The record (first, while the credit still waits), the decision and the credit's transaction in one
  // batch; a second approval records nothing, changes nothing and posts nothing.
  const [, decided] = await runBatch(ctx.db, [
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "download_credit_approved",
        songId: row.songId,
        detail: `Failed-download credit of receipt ${receiptId} approved: ${row.amountCents} cents to its listener through provider ${row.providerId}`,
      },
      stillQueued(receiptId),
    ),
    sql`update download_credits set status = 'credited', credited_at = ${now}, decided_at = ${now}, decided_by = ${operator} where receipt_id = ${receiptId} and status = 'queued'`,
    ...creditPostingStatements(receiptId, row.amountCents, now),
  ]);
  if (decided.meta.changes === 1)
    console.log(JSON.stringify({ level: "info", message: "download credit approved", receiptId, operator, cents: row.amountCents }));
  return asAdminCredit(ctx, await creditOf(ctx, receiptId));
}

/** Denies a queued credit: never written. Denying a denied one answers it as it is; a credited one is 409. */
export async function denyDownloadCredit(ctx: Ctx, receiptId: string, operator: string, now = ctx.now()): Promise<AdminDownloadCredit> {
  const row = await creditOf(ctx, receiptId);
  if (row.status === "credited")
    throw new AppError(
      409,
      "already_decided",
      row.decidedBy ? `This credit was approved by ${decidedBefore(row)}` : "This credit was written before it reached the queue",
    );
  const [, denied] = await runBatch(ctx.db, [
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "download_credit_denied",
        songId: row.songId,
        detail: `Failed-download credit of receipt ${receiptId} denied (${row.amountCents} cents, provider ${row.providerId})`,
      },
      stillQueued(receiptId),
    ),
    sql`update download_credits set status = 'denied', decided_at = ${now}, decided_by = ${operator} where receipt_id = ${receiptId} and status = 'queued'`,
  ]);
  if (denied.meta.changes === 1) console.log(JSON.stringify({ level: "info", message: "download credit denied", receiptId, operator }));
  return asAdminCredit(ctx, await creditOf(ctx, receiptId));
}
