/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The operators' review queue of failed-download credits, in a real browser on a server of its own
 * whose provider may earn one credit a day (DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY=1): the provider
 * reports a listener's failed downloads under the attempts its redemptions were given, the first
 * receipt is credited at once, the second waits in admin's "Download credits waiting for review";
 * the operator approves it, the toast says what was credited, and the receipt is credited once.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminReceipt, DownloadFailureAnswer, RedeemAnswer } from "../schema/src/receipts.ts";
import type { PurchaseReportAnswer } from "../schema/src/purchases.ts";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { toastShown } from "./support/artist";
import { signedInOperator } from "./support/operator";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { providerPostAnswer } from "./support/provider";

const providerSecret = randomBytes(24).toString("hex");
let server: LocalServer;

beforeAll(async () => {
  server = await startOwnServer({ vars: { PROVIDER_WEBHOOK_SECRET: providerSecret, DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY: "1" } });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

const post = <T>(path: string, body: unknown) => providerPostAnswer<T>(server.baseURL, providerSecret, path, body);

/** Three failed downloads of the receipt, each under the attempt of a redemption of its own, as the provider reports them. */
async function failThrice(listenerId: string, receipt: { receipt: string; receiptId: string }): Promise<DownloadFailureAnswer> {
  let answer: DownloadFailureAnswer | undefined;
  for (let n = 0; n < 3; n += 1) {
    const redeemed = (await post<RedeemAnswer>("/api/provider/redeem", { listenerId, receipts: [receipt.receipt] })).results[0]!;
    if (redeemed.status !== "redeemed") throw new Error(`not redeemed: ${redeemed.reason}`);
    answer = await post<DownloadFailureAnswer>("/api/provider/download-failures", {
      receiptId: receipt.receiptId,
      attemptId: redeemed.attemptId,
      reason: "connection reset at 40%",
    });
  }
  return answer!;
}

describe("failed-download credits past the provider's daily cap", () => {
  test("wait in admin's review queue until an operator approves one: the toast says what was credited, and it is credited once", async () => {
    const [first, second] = DEMO_SONGS as [(typeof DEMO_SONGS)[number], (typeof DEMO_SONGS)[number]];
    const listenerId = randomUUID();
    const purchases = [first, second].map((song) => ({
      purchaseId: `e2e-${randomBytes(6).toString("hex")}`,
      songId: song.id,
      priceCents: song.priceCents,
      purchasedAt: new Date().toISOString(),
      listenerId,
    }));
    const reported = await post<PurchaseReportAnswer>("/api/provider/purchases", { purchases });
    const [underCap, overCap] = reported.results.map((result) => result as { receipt: string; receiptId: string }) as [
      { receipt: string; receiptId: string },
      { receipt: string; receiptId: string },
    ];

    expect(await failThrice(listenerId, underCap)).toMatchObject({ credited: true, credit: "credited" });
    expect(await failThrice(listenerId, overCap)).toMatchObject({ credited: false, credit: "queued" });

    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    const panel = admin.locator("details").filter({ has: admin.getByText(/^Download credits waiting for review/) });
    await panel.getByText("Download credits waiting for review (1)", { exact: true }).click();
    const row = panel.getByRole("row").filter({ hasText: overCap.receiptId });
    await row.waitFor();
    expect(await row.textContent()).toContain(second.title);
    expect(await row.textContent()).toContain("$1.99");

    await row.getByRole("button", { name: `Approve the credit for ${second.title}` }).click();
    await toastShown(admin, "Credit approved", `$1.99 credited for “${second.title}” (receipt ${overCap.receiptId}).`);
    await panel.getByText("No credits waiting for review.", { exact: true }).waitFor();
    await panel.getByText("Download credits waiting for review (0)", { exact: true }).waitFor();

    const looked = await admin.evaluate(async (receiptId) => (await fetch(`/api/admin/receipts/${receiptId}`)).json<AdminReceipt>(), overCap.receiptId);
    expect(looked).toMatchObject({ credit: "credited", creditedCents: 199 });
    // Later failures of the credited receipt credit nothing more.
    expect(await failThrice(listenerId, overCap)).toMatchObject({ credited: true, creditCents: 199, credit: "credited" });
  });
});
