/**
 * How payouts are funded, through the admin API with real local D1 and the Stripe sandbox: provider
 * settlements recorded once per reference and posted provider:receivable → platform:cash, and the
 * figures the portal shows — owed to artists (available + payout pending, from the ledger), Stripe's
 * available balance (`balance.retrieve()`) and the shortfall to top up (owed − available, floor 0),
 * which a top-up closes once Stripe has made it available.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PayoutFundingResponse, RecordSettlementResponse } from "@jplay/schema/funding";
import { artists, payouts } from "@jplay/schema/tables";
import { createDb } from "../../platform/db";
import { createStripe } from "../../platform/stripe-client";
import { ACCOUNTS, accountBalance, ledgerTotal, postTransaction } from "../ledger";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { fundPlatformBalance, sandboxHelper, stripeAvailable } from "../../../test/platform-funds";
import { Browser, testContext } from "../../../test/support";

const db = createDb(env.DB);
const testCtx = testContext();

async function funding(operator: Browser): Promise<PayoutFundingResponse> {
  const response = await operator.fetch("/api/admin/funding");
  expect(response.status).toBe(200);
  return response.json();
}

const settle = (operator: Browser, body: unknown) => adminWrite(operator, "POST", "/api/admin/settlements", body);

/** An artist with money in the ledger: `available` earned, `payoutPending` on its way. */
async function artistOwed(available: number, payoutPending = 0) {
  const id = crypto.randomUUID();
  await db.insert(artists).values({ id, paymentFrequency: "daily" });
  await postTransaction(testCtx, "purchase", crypto.randomUUID(), [
    { account: ACCOUNTS.providerReceivable, amountCents: -(available + payoutPending) },
    { account: ACCOUNTS.artistAvailable(id), artistId: id, amountCents: available + payoutPending },
  ]);
  if (payoutPending > 0) {
    await postTransaction(testCtx, "payout", crypto.randomUUID(), [
      { account: ACCOUNTS.artistAvailable(id), artistId: id, amountCents: -payoutPending },
      { account: ACCOUNTS.artistPayoutPending(id), artistId: id, amountCents: payoutPending },
    ]);
  }
  return id;
}

describe("provider settlements", () => {
  it("records a settlement once per reference, posted provider receivable → platform cash; the same reference with another amount is refused", async () => {
    const operator = await signedInOperator();
    const receivable = await accountBalance(testCtx, ACCOUNTS.providerReceivable);
    const cash = await accountBalance(testCtx, ACCOUNTS.platformCash);

    const first = await settle(operator, { amountCents: 123_456, settledOn: "2026-11-20", reference: "ACH 2026-11-20 / 7731" });
    expect(first.status).toBe(201);
    const recorded = await first.json<RecordSettlementResponse>();
    expect(recorded).toMatchObject({ recorded: true, settlement: { amountCents: 123_456, settledOn: "2026-11-20", reference: "ACH 2026-11-20 / 7731" } });
    expect(await accountBalance(testCtx, ACCOUNTS.providerReceivable)).toBe(receivable + 123_456);
    expect(await accountBalance(testCtx, ACCOUNTS.platformCash)).toBe(cash - 123_456);

    // The same settlement again (a double click, a retried request, spaces around the reference): nothing changes.
    for (const reference of ["ACH 2026-11-20 / 7731", "  ACH 2026-11-20 / 7731 "]) {
      const again = await settle(operator, { amountCents: 123_456, settledOn: "2026-11-20", reference });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ recorded: false, settlement: recorded.settlement });
    }
    expect(await accountBalance(testCtx, ACCOUNTS.providerReceivable)).toBe(receivable + 123_456);

    const conflict = await settle(operator, { amountCents: 123_000, settledOn: "2026-11-20", reference: "ACH 2026-11-20 / 7731" });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({
      error: { code: "settlement_conflict", message: expect.stringContaining("already recorded with another amount or date") },
    });
    expect(await accountBalance(testCtx, ACCOUNTS.platformCash)).toBe(cash - 123_456);
    expect(await ledgerTotal(testCtx)).toBe(0);

    const listed = await funding(operator);
    expect(listed.settlements[0]).toEqual(recorded.settlement);
  });

  it("refuses a bad amount, date or reference with the form's own message, and writes nothing", async () => {
    const operator = await signedInOperator();
    const cash = await accountBalance(testCtx, ACCOUNTS.platformCash);
    const cases: Array<[unknown, string]> = [
      [{ amountCents: 0, settledOn: "2026-11-20", reference: "r1" }, "The amount must be at least $0.01."],
      [{ amountCents: 12.5, settledOn: "2026-11-20", reference: "r1" }, "The amount must be a whole number of cents."],
      [{ amountCents: "100", settledOn: "2026-11-20", reference: "r1" }, "Enter the amount the provider settled."],
      [{ amountCents: 1_000_000_001, settledOn: "2026-11-20", reference: "r1" }, "The amount must be at most $10,000,000.00."],
      [{ amountCents: 100, settledOn: "2026-02-30", reference: "r1" }, "Enter the date the money arrived (YYYY-MM-DD)."],
      [{ amountCents: 100, settledOn: "20/11/2026", reference: "r1" }, "Enter the date the money arrived (YYYY-MM-DD)."],
      [{ amountCents: 100, settledOn: "2999-01-01", reference: "r1" }, "The settlement date cannot be in the future."],
      [{ amountCents: 100, settledOn: "2026-11-20", reference: "   " }, "Enter the settlement's reference."],
      [{ amountCents: 100, settledOn: "2026-11-20", reference: "x".repeat(101) }, "The reference must be at most 100 characters."],
    ];
    for (const [body, message] of cases) {
      const answer = await settle(operator, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { message } });
    }
    expect(await accountBalance(testCtx, ACCOUNTS.platformCash)).toBe(cash);
  });

  it("is the operator's alone: signed out 401, from another site 403", async () => {
    const body = { amountCents: 500, settledOn: "2026-11-20", reference: "not-recorded" };
    expect((await settle(new Browser(), body)).status).toBe(401);
    expect((await new Browser().fetch("/api/admin/funding")).status).toBe(401);
    const operator = await signedInOperator();
    expect((await adminWrite(operator, "POST", "/api/admin/settlements", body, "https://evil.example")).status).toBe(403);
    expect((await funding(operator)).settlements.map((s) => s.reference)).not.toContain("not-recorded");
  });
});

describe("the funding figures", () => {
  it("owed to artists (available + payout pending), Stripe's available balance, and the shortfall a top-up closes", async () => {
    const operator = await signedInOperator();
    const before = await funding(operator);
    expect(before.stripe).toEqual({ availableCents: await stripeAvailable(), pendingCents: expect.any(Number) });
    expect(before.stripeError).toBeNull();
    expect(before.owedToArtistsCents).toBe(before.artistsAvailableCents + before.payoutPendingCents);
    expect(before.shortfallCents).toBe(Math.max(0, before.owedToArtistsCents - before.stripe!.availableCents));

    await artistOwed(5_000, 2_000);
    await artistOwed(1_250);
    const owed = await funding(operator);
    expect(owed).toMatchObject({
      owedToArtistsCents: before.owedToArtistsCents + 8_250,
      artistsAvailableCents: before.artistsAvailableCents + 6_250,
      payoutPendingCents: before.payoutPendingCents + 2_000,
      providerOwesCents: before.providerOwesCents + 8_250,
    });
    const short = owed.shortfallCents!;
    expect(short).toBe(Math.max(0, owed.owedToArtistsCents - owed.stripe!.availableCents));
    expect(short).toBeGreaterThan(0);

    // A top-up counts once Stripe makes it available (pending until then: the shortfall stays).
    const topup = await createStripe(env).topups.create({ amount: short - 1_000, currency: "usd" });
    const pendingTopUp = await funding(operator);
    expect(pendingTopUp.shortfallCents).toBe(short);
    expect(pendingTopUp.stripe!.pendingCents).toBeGreaterThanOrEqual(topup.amount);
    await sandboxHelper("/v1/test_helpers/advance_clock", { seconds: String(10 * 24 * 60 * 60) });
    expect((await funding(operator)).shortfallCents).toBe(1_000);

    // Topping up more than the shortfall leaves it at zero, never below.
    await fundPlatformBalance(5_000);
    const funded = await funding(operator);
    expect(funded.shortfallCents).toBe(0);
    expect(funded.stripe!.availableCents - funded.owedToArtistsCents).toBe(4_000);
  });

  it("counts the payouts waiting for funds", async () => {
    const operator = await signedInOperator();
    const before = (await funding(operator)).waitingPayouts;
    const artistId = await artistOwed(0, 3_300);
    await db
      .insert(payouts)
      .values({ id: crypto.randomUUID(), artistId, period: "2026-11-25", amountCents: 3_300, fundingWaits: 2, waitingForFundsSince: Date.now() });
    await db.insert(payouts).values({ id: crypto.randomUUID(), artistId, period: "2026-11-26", amountCents: 999 }); // pending, never refused
    expect((await funding(operator)).waitingPayouts).toEqual({ count: before.count + 1, cents: before.cents + 3_300 });
  });

  it("still shows the ledger's figures when Stripe's balance cannot be read", async () => {
    const operator = await signedInOperator();
    // More 500s than the SDK's own retries.
    await sandboxHelper("/v1/test_helpers/faults", { mode: "http_500", count: "3", path_prefix: "/v1/balance" });
    const answer = await funding(operator);
    expect(answer).toMatchObject({ stripe: null, shortfallCents: null, stripeError: expect.stringMatching(/.+/) });
    expect(answer.owedToArtistsCents).toBe(answer.artistsAvailableCents + answer.payoutPendingCents);
    expect((await funding(operator)).stripe).not.toBeNull();
  });
});
