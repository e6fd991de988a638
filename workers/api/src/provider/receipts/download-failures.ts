/**
 * Downloads a provider reports as failed (docs/catalogue-and-provider-api.md, "Failed downloads"; docs/decisions/086). A failure
 * counts only under a download attempt JPlay issued: the `attemptId` of a redemption of that receipt
 * by that provider (redeem-receipts.ts), while it holds the receipt's listener — so a provider
 * credits only receipts it redeemed, with attempts it was given, each once. Anything else (an
 * invented attempt, another provider's, another receipt's, a listener held elsewhere, an unknown
 * receipt) is one 404 with nothing written. When a receipt reaches FAILED_DOWNLOADS_BEFORE_CREDIT
 * failures its listener is credited the price, through the provider, once (`POSTINGS.downloadCredit`,
 * ref the receipt id): JPlay's cost, not the artist's, whose recording was sold. A revoked receipt,
 * or one whose song was removed for a rights claim (already refunded), is never credited.
 *
 * Each provider earns its listeners at most DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY credits in a
 * rolling day on its reports alone; a credit past that waits in the operators' review queue
 * (download-credit-review.ts) instead of being written. The credit's row (table download_credits) and
 * its ledger transaction are written in one batch, the cap counted inside the same statement.
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { LEDGER_KINDS, POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import { type DownloadCreditState, type DownloadFailureAnswer, type DownloadFailureReport, FAILED_DOWNLOADS_BEFORE_CREDIT } from "@jplay/schema/receipts";
import { downloadCredits, downloadFailures, receiptRedemptions } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { downloadCreditsPerProviderPerDay } from "../../platform/limits";
import { postedRefs } from "../../ledger/index";
import { holderOf } from "../listeners/listener-holders";
import { receiptsById, receiptState } from "./receipt-records";

const DAY_MS = 24 * 60 * 60 * 1000;

const unknownAttempt = () =>
  new AppError(
    404,
    "unknown_attempt",
    "No download attempt with this id was issued to this provider for this receipt: report the attemptId its redemption answered",
  );

/** Failures of one receipt that were reported under an attempt JPlay issued (the only ones that count). */
const issuedFailures = (receiptId: string) => sql`(select count(*) from download_failures f
  join receipt_redemptions a on a.id = f.attempt_id and a.receipt_id = f.receipt_id and a.provider_id = f.provider_id
  where f.receipt_id = ${receiptId})`;

/** The ledger transaction of a receipt's credit, written only while its download_credits row says `credited` (so twice is once). */
export const creditPostingStatements = (receiptId: string, amountCents: number, now: number) =>
  postingStatements([POSTINGS.downloadCredit({ receiptId, amountCents })], now, {
    onlyIf: (ref) => sql`exists (select 1 from download_credits c where c.receipt_id = ${ref} and c.status = 'credited')`,
  }).statements;

export async function recordDownloadFailure(ctx: Ctx, providerId: string, report: DownloadFailureReport, now = ctx.now()): Promise<DownloadFailureAnswer> {
  const [attempt] = await ctx.db
    .select({ id: receiptRedemptions.id })
    .from(receiptRedemptions)
    .where(and(eq(receiptRedemptions.id, report.attemptId), eq(receiptRedemptions.receiptId, report.receiptId), eq(receiptRedemptions.providerId, providerId)));
  const [record] = attempt ? await receiptsById(ctx, [report.receiptId]) : [];
  if (!attempt || !record || (await holderOf(ctx, record.listenerId)) !== providerId) throw unknownAttempt();

  const statements: SQL[] = [
    sql`insert into download_failures (id, receipt_id, provider_id, attempt_id, reason, at)
      values (${crypto.randomUUID()}, ${record.id}, ${providerId}, ${report.attemptId}, ${report.reason}, ${now})
      on conflict (provider_id, attempt_id) do nothing`,
  ];
  if (receiptState(record) === "valid") {
    const cap = downloadCreditsPerProviderPerDay(ctx.env);
    // Credited at once while the provider's automatic credits of the last day are under its cap; queued for an operator past it.
    statements.push(sql`insert into download_credits (receipt_id, provider_id, amount_cents, status, requested_at, credited_at)
      select ${record.id}, ${providerId}, ${record.priceCents}, case when d.n < ${cap} then 'credited' else 'queued' end, ${now}, case when d.n < ${cap} then ${now} end
      from (select count(*) as n from download_credits where provider_id = ${providerId} and status = 'credited' and decided_by is null and credited_at > ${now - DAY_MS}) d
      where ${issuedFailures(record.id)} >= ${FAILED_DOWNLOADS_BEFORE_CREDIT}
      on conflict (receipt_id) do nothing`);
  }
  statements.push(...creditPostingStatements(record.id, record.priceCents, now));
  await runBatch(ctx.db, statements);

  const failures = await failedDownloadCount(ctx, record.id);
  const credit = await creditStateOf(ctx, record.id);
  if (credit !== "none")
    console.log(JSON.stringify({ level: "info", message: "download credit", state: credit, receiptId: record.id, providerId, cents: record.priceCents }));
  const credited = (await postedRefs(ctx, LEDGER_KINDS.downloadCredit, [record.id])).has(record.id);
  return { receiptId: record.id, failures, credited, creditCents: credited ? record.priceCents : 0, credit };
}

/** Where a receipt's credit stands. */
export async function creditStateOf(ctx: Ctx, receiptId: string): Promise<DownloadCreditState> {
  const [row] = await ctx.db.select({ status: downloadCredits.status }).from(downloadCredits).where(eq(downloadCredits.receiptId, receiptId));
  return row?.status ?? "none";
}

/** Failed downloads reported for one receipt under attempts JPlay issued. */
export async function failedDownloadCount(ctx: Ctx, receiptId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(downloadFailures)
    .innerJoin(
      receiptRedemptions,
      and(
        eq(receiptRedemptions.id, downloadFailures.attemptId),
        eq(receiptRedemptions.receiptId, downloadFailures.receiptId),
        eq(receiptRedemptions.providerId, downloadFailures.providerId),
      ),
    )
    .where(eq(downloadFailures.receiptId, receiptId));
  return row?.n ?? 0;
}
