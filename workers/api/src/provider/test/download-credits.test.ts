/**
 * Failed-download credits are JPlay's money, so a provider earns them only for listeners it holds,
 * under download attempts JPlay issued to it when it redeemed the receipt (the redemption's
 * `attemptId`), each attempt once (docs/decisions/086-listeners-held-by-one-provider.md). Another
 * provider's receipt, an invented attempt id (built-in names too), another receipt's attempt or an
 * attempt of a provider that no longer holds the listener is refused with nothing written. Past its
 * daily cap (DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY) a provider's credit waits for an operator, whose
 * approval writes it once and whose denial writes nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import * as v from "valibot";
import {
  type AdminDownloadCredit,
  AdminDownloadCreditQueueSchema,
  AdminDownloadCreditSchema,
  type AdminReceipt,
  type DownloadFailureAnswer,
  FAILED_DOWNLOADS_BEFORE_CREDIT,
  type RedeemAnswer,
} from "@jplay/schema/receipts";
import type { AuditLogResponse } from "@jplay/schema/compliance";
import { LOCAL_OPERATOR } from "../../access/admin-access";
import { accountBalance, ACCOUNTS, artistAvailableBalances } from "../../ledger/ledger";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import {
  type Caller,
  enrolledProvider,
  errorOf,
  listenerPurchase,
  liveSongWithIsrc,
  newListenerId,
  providerCall,
  rowCounts,
  SECOND_PROVIDER,
  transferListener,
} from "../../../test/receipt-support";
import { Browser, testContext } from "../../../test/support";

const ctx = testContext();
const PRIMARY: Caller = {};
const SECOND: Caller = { provider: SECOND_PROVIDER };
const UNKNOWN_ATTEMPT = { status: 404, code: "unknown_attempt" };

/** A listener the primary provider sold `count` songs to, held by `holder` (moved there with a transfer code). */
async function heldListener(holder: Caller, count = 1) {
  const listenerId = newListenerId();
  const songs = await Promise.all(Array.from({ length: count }, () => liveSongWithIsrc()));
  const answer = await (
    await providerCall("POST", "/api/provider/purchases", { purchases: songs.map((song) => listenerPurchase(song.songId, listenerId)) })
  ).json<PurchaseReportAnswer>();
  if (holder.provider) await transferListener(listenerId, PRIMARY, holder);
  const receipts = answer.results.map((result) => result as { receipt: string; receiptId: string });
  return { listenerId, songs, receipts };
}

/** Redeems the receipt as `caller` and answers the download attempt JPlay issued with the links. */
async function attemptOf(listenerId: string, receipt: string, caller: Caller): Promise<string> {
  const answer = await (await providerCall("POST", "/api/provider/redeem", { listenerId, receipts: [receipt] }, caller)).json<RedeemAnswer>();
  const result = answer.results[0]!;
  if (result.status !== "redeemed") throw new Error(`not redeemed: ${result.reason}`);
  return result.attemptId;
}

const report = (receiptId: string, attemptId: string, caller: Caller) =>
  providerCall("POST", "/api/provider/download-failures", { receiptId, attemptId, reason: "connection reset at 40%" }, caller);

async function reported(receiptId: string, attemptId: string, caller: Caller): Promise<DownloadFailureAnswer> {
  const response = await report(receiptId, attemptId, caller);
  expect(response.status).toBe(200);
  return response.json();
}

/** The audit records of an operator's decisions on this receipt's credit, as the portal's audit view reads them. */
async function decisionsRecorded(operator: Browser, receiptId: string) {
  const records = await Promise.all(
    (["download_credit_approved", "download_credit_denied"] as const).map(
      async (action) => (await (await operator.fetch(`/api/admin/audit?action=${action}`)).json<AuditLogResponse>()).records,
    ),
  );
  return records
    .flat()
    .filter((record) => record.detail.includes(receiptId))
    .map((record) => [record.action, record.actor]);
}

const creditTransactions = (receiptId: string) =>
  env.DB.prepare("select count(*) as n from ledger_transactions where kind = 'download.credit' and ref = ?1").bind(receiptId).first<number>("n");

/** Reports FAILED_DOWNLOADS_BEFORE_CREDIT failures of the receipt, each under an attempt of its own redemption; the last answer. */
async function failEnough(listenerId: string, receipt: { receipt: string; receiptId: string }, caller: Caller): Promise<DownloadFailureAnswer> {
  let answer: DownloadFailureAnswer | undefined;
  for (let n = 0; n < FAILED_DOWNLOADS_BEFORE_CREDIT; n += 1)
    answer = await reported(receipt.receiptId, await attemptOf(listenerId, receipt.receipt, caller), caller);
  return answer!;
}

describe("what a provider may report", () => {
  it("only its own listeners' receipts, under attempts JPlay issued it for that receipt: anything else is 404 with nothing written", async () => {
    const { listenerId, receipts } = await heldListener(PRIMARY, 2);
    const [first, second] = receipts as [{ receipt: string; receiptId: string }, { receipt: string; receiptId: string }];
    const attempt = await attemptOf(listenerId, first.receipt, PRIMARY);
    const before = await rowCounts();

    const refusals: Array<[string, string, string, Caller]> = [
      ["another provider, with the holder's attempt", first.receiptId, attempt, SECOND],
      ["another provider, with an invented attempt", first.receiptId, "attempt-1", SECOND],
      ["an invented attempt", first.receiptId, "attempt-1", PRIMARY],
      ["a made-up UUID", first.receiptId, crypto.randomUUID(), PRIMARY],
      ["another receipt's attempt", second.receiptId, attempt, PRIMARY],
      ["an unknown receipt", "no-such-receipt", attempt, PRIMARY],
      ...Object.getOwnPropertyNames(Object.prototype).map((name): [string, string, string, Caller] => [
        `the built-in name ${name}`,
        first.receiptId,
        name,
        PRIMARY,
      ]),
      ["a built-in name as the receipt", "constructor", attempt, PRIMARY],
    ];
    for (const [why, receiptId, attemptId, caller] of refusals) {
      expect({ why, ...(await errorOf(await report(receiptId, attemptId, caller))) }).toMatchObject({ why, ...UNKNOWN_ATTEMPT });
    }
    expect(await rowCounts()).toEqual(before);

    // The holder's own attempt counts.
    expect(await reported(first.receiptId, attempt, PRIMARY)).toEqual({
      receiptId: first.receiptId,
      failures: 1,
      credited: false,
      creditCents: 0,
      credit: "none",
    });
  });

  it("not the attempts of a listener it handed over to another provider; the new holder's own attempts count", async () => {
    const { listenerId, receipts } = await heldListener(PRIMARY);
    const [receipt] = receipts as [{ receipt: string; receiptId: string }];
    const oldAttempt = await attemptOf(listenerId, receipt.receipt, PRIMARY);
    await transferListener(listenerId, PRIMARY, SECOND);
    const before = await rowCounts();
    expect(await errorOf(await report(receipt.receiptId, oldAttempt, PRIMARY))).toMatchObject(UNKNOWN_ATTEMPT);
    expect(await errorOf(await report(receipt.receiptId, oldAttempt, SECOND))).toMatchObject(UNKNOWN_ATTEMPT);
    expect(await rowCounts()).toEqual(before);
    expect(await reported(receipt.receiptId, await attemptOf(listenerId, receipt.receipt, SECOND), SECOND)).toMatchObject({ failures: 1, credit: "none" });
  });
});

describe("crediting", () => {
  it(`counts each attempt once and credits the price once, at the ${FAILED_DOWNLOADS_BEFORE_CREDIT} distinct attempts of FAILED_DOWNLOADS_BEFORE_CREDIT, at JPlay's cost`, async () => {
    const provider = enrolledProvider({ DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY: "5" });
    const { listenerId, receipts, songs } = await heldListener(provider);
    const [receipt] = receipts as [{ receipt: string; receiptId: string }];
    const { receiptId } = receipt;
    const receivableBefore = await accountBalance(ctx, ACCOUNTS.providerReceivable);

    const first = await attemptOf(listenerId, receipt.receipt, provider);
    // The same attempt reported again and again counts once.
    for (let n = 0; n < FAILED_DOWNLOADS_BEFORE_CREDIT + 1; n += 1)
      expect(await reported(receiptId, first, provider)).toMatchObject({ failures: 1, credited: false, credit: "none" });
    for (let n = 2; n < FAILED_DOWNLOADS_BEFORE_CREDIT; n += 1) {
      expect(await reported(receiptId, await attemptOf(listenerId, receipt.receipt, provider), provider)).toMatchObject({ failures: n, credited: false });
    }
    const last = await attemptOf(listenerId, receipt.receipt, provider);
    expect(await reported(receiptId, last, provider)).toEqual({
      receiptId,
      failures: FAILED_DOWNLOADS_BEFORE_CREDIT,
      credited: true,
      creditCents: 199,
      credit: "credited",
    });
    // The crediting attempt again, and a later one: still one credit.
    expect(await reported(receiptId, last, provider)).toMatchObject({ failures: FAILED_DOWNLOADS_BEFORE_CREDIT, credited: true, creditCents: 199 });
    expect(await reported(receiptId, await attemptOf(listenerId, receipt.receipt, provider), provider)).toMatchObject({
      failures: FAILED_DOWNLOADS_BEFORE_CREDIT + 1,
      credited: true,
    });

    expect(await creditTransactions(receiptId)).toBe(1);
    expect((await accountBalance(ctx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(199);
    // The artist keeps their share of the sale.
    const { artistId } = songs[0]!;
    expect((await artistAvailableBalances(ctx, [artistId])).get(artistId)).toBe(180);
    const operator = await signedInOperator();
    expect(await (await operator.fetch(`/api/admin/receipts/${receiptId}`)).json<AdminReceipt>()).toMatchObject({
      failedDownloads: FAILED_DOWNLOADS_BEFORE_CREDIT + 1,
      creditedCents: 199,
      credit: "credited",
    });
  });

  it("past the provider's daily cap a credit waits for an operator: nothing written until approved, then once; a denied one never", async () => {
    const provider = enrolledProvider({ DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY: "1" });
    const { listenerId, receipts } = await heldListener(provider, 3);
    const [underCap, queued, denied] = receipts as [
      { receipt: string; receiptId: string },
      { receipt: string; receiptId: string },
      { receipt: string; receiptId: string },
    ];
    const operator = await signedInOperator();

    expect(await failEnough(listenerId, underCap, provider)).toMatchObject({ credited: true, creditCents: 199, credit: "credited" });

    const receivableBefore = await accountBalance(ctx, ACCOUNTS.providerReceivable);
    expect(await failEnough(listenerId, queued, provider)).toMatchObject({
      failures: FAILED_DOWNLOADS_BEFORE_CREDIT,
      credited: false,
      creditCents: 0,
      credit: "queued",
    });
    expect(await failEnough(listenerId, denied, provider)).toMatchObject({ credited: false, credit: "queued" });
    expect([await creditTransactions(queued.receiptId), await creditTransactions(denied.receiptId)]).toEqual([0, 0]);
    expect(await accountBalance(ctx, ACCOUNTS.providerReceivable)).toBe(receivableBefore);

    // Answers in the shapes the admin portal checks them against.
    const queue = v.parse(AdminDownloadCreditQueueSchema, await (await operator.fetch("/api/admin/download-credits")).json());
    const waiting = queue.credits.filter((credit) => credit.providerId === provider.provider);
    expect(waiting.map((credit) => credit.receiptId)).toEqual([queued.receiptId, denied.receiptId]);
    expect(waiting[0]).toMatchObject({
      amountCents: 199,
      failures: FAILED_DOWNLOADS_BEFORE_CREDIT,
      status: "queued",
      decidedBy: null,
      title: expect.any(String),
    });
    expect(queue.total).toBeGreaterThanOrEqual(2);
    expect(await (await operator.fetch(`/api/admin/receipts/${queued.receiptId}`)).json<AdminReceipt>()).toMatchObject({ creditedCents: 0, credit: "queued" });

    // Approved: written once, however often approval is sent.
    for (let n = 0; n < 2; n += 1) {
      const approved = await adminWrite(operator, "POST", `/api/admin/download-credits/${queued.receiptId}/approve`);
      expect(approved.status).toBe(200);
      expect(v.parse(AdminDownloadCreditSchema, await approved.json())).toMatchObject({
        receiptId: queued.receiptId,
        status: "credited",
        decidedBy: expect.any(String),
        decidedAt: expect.any(String),
      });
    }
    expect(await creditTransactions(queued.receiptId)).toBe(1);
    expect((await accountBalance(ctx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(199);
    expect(await errorOf(await adminWrite(operator, "POST", `/api/admin/download-credits/${queued.receiptId}/deny`))).toMatchObject({
      status: 409,
      code: "already_decided",
    });
    // The audit log names the operator once: the repeated approval and the refused denial record nothing.
    expect(await decisionsRecorded(operator, queued.receiptId)).toEqual([["download_credit_approved", LOCAL_OPERATOR]]);
    // Later failures of the receipt change nothing.
    expect(await reported(queued.receiptId, await attemptOf(listenerId, queued.receipt, provider), provider)).toMatchObject({
      credited: true,
      credit: "credited",
    });
    expect(await creditTransactions(queued.receiptId)).toBe(1);

    // Denied: never written, and not approvable afterwards.
    const refused = await adminWrite(operator, "POST", `/api/admin/download-credits/${denied.receiptId}/deny`);
    expect(await refused.json<AdminDownloadCredit>()).toMatchObject({ status: "denied", decidedBy: expect.any(String) });
    expect(await errorOf(await adminWrite(operator, "POST", `/api/admin/download-credits/${denied.receiptId}/approve`))).toMatchObject({
      status: 409,
      code: "already_decided",
    });
    expect(await reported(denied.receiptId, await attemptOf(listenerId, denied.receipt, provider), provider)).toMatchObject({
      credited: false,
      credit: "denied",
    });
    expect(await creditTransactions(denied.receiptId)).toBe(0);
    expect((await accountBalance(ctx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(199);
    expect(await decisionsRecorded(operator, denied.receiptId)).toEqual([["download_credit_denied", LOCAL_OPERATOR]]);

    const after = v.parse(AdminDownloadCreditQueueSchema, await (await operator.fetch("/api/admin/download-credits")).json());
    expect(after.credits.filter((credit) => credit.providerId === provider.provider)).toEqual([]);
  });

  it("the review queue is the operators' alone: signed out 401, from another site 403, a receipt with no credit (built-in names too) 404, nothing written", async () => {
    const provider = enrolledProvider({ DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY: "1" });
    const { listenerId, receipts } = await heldListener(provider, 2);
    const [first, waiting] = receipts as [{ receipt: string; receiptId: string }, { receipt: string; receiptId: string }];
    await failEnough(listenerId, first, provider);
    expect(await failEnough(listenerId, waiting, provider)).toMatchObject({ credit: "queued" });
    const operator = await signedInOperator();
    expect((await operator.fetch("/api/admin/download-credits")).status).toBe(200);

    const before = await rowCounts();
    expect((await new Browser().fetch("/api/admin/download-credits")).status).toBe(401);
    expect(await errorOf(await adminWrite(new Browser(), "POST", `/api/admin/download-credits/${waiting.receiptId}/approve`))).toMatchObject({ status: 401 });
    expect(
      (await adminWrite(operator, "POST", `/api/admin/download-credits/${waiting.receiptId}/approve`, undefined, "https://elsewhere.example")).status,
    ).toBe(403);
    for (const receiptId of ["no-such-receipt", "constructor", "__proto__", crypto.randomUUID()]) {
      for (const decision of ["approve", "deny"]) {
        const answer = await adminWrite(operator, "POST", `/api/admin/download-credits/${encodeURIComponent(receiptId)}/${decision}`);
        expect({ receiptId, decision, ...(await errorOf(answer)) }).toMatchObject({
          receiptId,
          decision,
          status: 404,
          message: "No failed-download credit for this receipt",
        });
      }
    }
    expect(await rowCounts()).toEqual(before);
    expect(await creditTransactions(waiting.receiptId)).toBe(0);
  });
});
