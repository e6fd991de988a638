/**
 * Receipts as operators and providers look after them: an operator looks a receipt up (state,
 * redemptions, failed downloads, credit), revokes it with a reason that the receipt keeps (and a
 * revoked receipt is refused everywhere), and sees redemptions per provider; a provider reports failed
 * downloads under the attempts its redemptions were given, and the FAILED_DOWNLOADS_BEFORE_CREDIT-th
 * credits the listener once, through the ledger (the rules in full: src/provider/test/download-credits.test.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import {
  type AdminReceipt,
  type AdminRedemptionsByProvider,
  type DownloadFailureAnswer,
  FAILED_DOWNLOADS_BEFORE_CREDIT,
  type RedeemAnswer,
} from "@jplay/schema/receipts";
import { accountBalance, ACCOUNTS, artistAvailableBalances } from "../../ledger/ledger";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { errorOf, listenerPurchase, liveSongWithIsrc, newListenerId, providerCall, SECOND_PROVIDER, transferListener } from "../../../test/receipt-support";
import { Browser, testContext } from "../../../test/support";

const ctx = testContext();

async function boughtReceipt() {
  const listenerId = newListenerId();
  const song = await liveSongWithIsrc();
  const answer = await (
    await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase(song.songId, listenerId)] })
  ).json<PurchaseReportAnswer>();
  const { receipt, receiptId } = answer.results[0] as { receipt: string; receiptId: string };
  return { listenerId, ...song, receipt, receiptId };
}

const redeem = async (listenerId: string, receipt: string, provider?: string) =>
  (await providerCall("POST", "/api/provider/redeem", { listenerId, receipts: [receipt] }, { provider })).json<RedeemAnswer>();

describe("operators", () => {
  it("look a receipt up, revoke it with a reason it keeps, and the revoked receipt is refused", async () => {
    const operator = await signedInOperator();
    const { listenerId, songId, isrc, receipt, receiptId } = await boughtReceipt();
    await redeem(listenerId, receipt);
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    await redeem(listenerId, receipt, SECOND_PROVIDER);

    const looked = await (await operator.fetch(`/api/admin/receipts/${receiptId}`)).json<AdminReceipt>();
    expect(looked).toMatchObject({
      receiptId,
      listenerId,
      songId,
      isrc,
      priceCents: 199,
      state: "valid",
      revokedAt: null,
      redemptions: 2,
      failedDownloads: 0,
      creditedCents: 0,
    });

    const revoked = await adminWrite(operator, "POST", `/api/admin/receipts/${receiptId}/revoke`, { reason: "Bought with a stolen account" });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({
      state: "revoked",
      revokedReason: "Bought with a stolen account",
      revokedBy: expect.any(String),
      revokedAt: expect.any(String),
    });
    expect(await errorOf(await adminWrite(operator, "POST", `/api/admin/receipts/${receiptId}/revoke`, { reason: "Again" }))).toMatchObject({
      status: 409,
      code: "already_revoked",
    });
    expect(await errorOf(await adminWrite(operator, "POST", `/api/admin/receipts/${receiptId}/revoke`, { reason: "" }))).toMatchObject({ status: 400 });
    expect(await errorOf(await operator.fetch("/api/admin/receipts/no-such-receipt"))).toMatchObject({ status: 404 });

    expect((await redeem(listenerId, receipt, SECOND_PROVIDER)).results[0]).toMatchObject({
      status: "refused",
      code: "receipt_revoked",
      reason: "This receipt was revoked: Bought with a stolen account",
    });
    // Signed-out browsers see nothing.
    expect((await new Browser().fetch(`/api/admin/receipts/${receiptId}`)).status).toBe(401);
  });

  it("see redemptions per provider", async () => {
    const operator = await signedInOperator();
    const before = await (await operator.fetch("/api/admin/redemptions")).json<AdminRedemptionsByProvider>();
    const { listenerId, receipt } = await boughtReceipt();
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    await redeem(listenerId, receipt, SECOND_PROVIDER);
    await redeem(listenerId, receipt, SECOND_PROVIDER);
    const after = await (await operator.fetch("/api/admin/redemptions")).json<AdminRedemptionsByProvider>();
    const second = (answer: AdminRedemptionsByProvider) =>
      answer.providers.find((row) => row.providerId === SECOND_PROVIDER) ?? { redemptions: 0, receipts: 0, listeners: 0 };
    expect(second(after).redemptions - second(before).redemptions).toBe(2);
    expect(second(after).listeners - second(before).listeners).toBe(1);
  });
});

describe("failed downloads", () => {
  it(`credit the listener the price once, after ${FAILED_DOWNLOADS_BEFORE_CREDIT} distinct failures, at JPlay's cost`, async () => {
    const { listenerId, receipt, receiptId, artistId } = await boughtReceipt();
    const receivableBefore = await accountBalance(ctx, ACCOUNTS.providerReceivable);
    /** A download attempt JPlay issues with a redemption's links: what a failure is reported under. */
    const attempt = async (provider?: string) => {
      const result = (await redeem(listenerId, receipt, provider)).results[0]!;
      if (result.status !== "redeemed") throw new Error("not redeemed");
      return result.attemptId;
    };
    const report = async (attemptId: string, provider?: string) => {
      const response = await providerCall("POST", "/api/provider/download-failures", { receiptId, attemptId, reason: "connection reset at 40%" }, { provider });
      expect(response.status).toBe(200);
      return response.json<DownloadFailureAnswer>();
    };
    const first = await attempt();
    expect(await report(first)).toEqual({ receiptId, failures: 1, credited: false, creditCents: 0, credit: "none" });
    // The same attempt reported again counts once.
    expect(await report(first)).toMatchObject({ failures: 1, credited: false });
    for (let n = 2; n < FAILED_DOWNLOADS_BEFORE_CREDIT; n += 1) expect(await report(await attempt())).toMatchObject({ failures: n, credited: false });
    // The listener moves to the second provider, whose own attempt is the last failure.
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    expect(await report(await attempt(SECOND_PROVIDER), SECOND_PROVIDER)).toEqual({
      receiptId,
      failures: FAILED_DOWNLOADS_BEFORE_CREDIT,
      credited: true,
      creditCents: 199,
      credit: "credited",
    });
    expect(await report(await attempt(SECOND_PROVIDER), SECOND_PROVIDER)).toMatchObject({ credited: true, creditCents: 199 });

    expect((await accountBalance(ctx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(199);
    const credits = await env.DB.prepare("select count(*) as n from ledger_transactions where kind = 'download.credit' and ref = ?1")
      .bind(receiptId)
      .first<number>("n");
    expect(credits).toBe(1);
    // The artist keeps their share of the sale.
    expect((await artistAvailableBalances(ctx, [artistId])).get(artistId)).toBe(180);
    const operator = await signedInOperator();
    expect(await (await operator.fetch(`/api/admin/receipts/${receiptId}`)).json()).toMatchObject({
      failedDownloads: FAILED_DOWNLOADS_BEFORE_CREDIT + 1,
      creditedCents: 199,
    });
  });

  it("refuses an unknown receipt and unsigned reports", async () => {
    expect(await errorOf(await providerCall("POST", "/api/provider/download-failures", { receiptId: "nope", attemptId: "a1", reason: "x" }))).toMatchObject({
      status: 404,
      code: "unknown_attempt",
    });
    const unsigned = await new Browser().postJson("/api/provider/download-failures", { receiptId: "nope", attemptId: "a1", reason: "x" });
    expect(await errorOf(unsigned)).toMatchObject({ status: 401 });
  });
});
