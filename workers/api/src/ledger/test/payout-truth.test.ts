/**
 * What happens to a payout after its Transfer, as Stripe tells it (docs/decisions/094-payout-truth.md):
 * a Transfer reversed at Stripe gives the money back to the artist's JPlay balance once per reversal
 * (by the `transfer.reversed` webhook, or by a resumed payout that finds its transfer reversed), the
 * artist is texted and operators see it; a payout of the connected account that the debit card did
 * not take (`payout.failed` on the Connect endpoint) is recorded as not delivered, its money back in
 * the artist's Stripe account, and the artist is told to update the card, never that it arrived.
 * Real local D1 and the Stripe sandbox (its webhooks reach the Worker).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { artists, connectPayouts, failedJobs, payouts } from "@jplay/schema/tables";
import { createDb } from "../../platform/db";
import { createStripe } from "../../platform/stripe-client";
import { ACCOUNTS, artistAvailableBalances, ledgerTotal, postTransaction } from "../ledger";
import { createPayouts, payArtist, payoutTransferGroup } from "../payouts";
import { applyStripeEvent } from "../../payments/webhooks/stripe-events";
import { fundPlatformBalance, payableConnectedAccount, sandboxHelper } from "../../../test/platform-funds";
import { nextPhone, testContext } from "../../../test/support";

const stripe = createStripe(env);
const db = createDb(env.DB);
const ctx = testContext();
const TUESDAY = "2026-11-24";

/** A daily artist with a phone and a payable connected account, `cents` earned. */
async function earningArtist(cents: number) {
  const id = crypto.randomUUID();
  const account = await payableConnectedAccount();
  await db.insert(artists).values({ id, paymentFrequency: "daily", stripeAccountId: account.id, payoutsEnabled: true, phone: nextPhone() });
  await postTransaction(ctx, "purchase", crypto.randomUUID(), [
    { account: ACCOUNTS.providerReceivable, amountCents: -cents },
    { account: ACCOUNTS.artistAvailable(id), artistId: id, amountCents: cents },
  ]);
  return { id, accountId: account.id };
}

const available = async (artistId: string) => (await artistAvailableBalances(ctx, [artistId])).get(artistId) ?? 0;
const payoutOf = async (artistId: string) => (await db.select().from(payouts).where(eq(payouts.artistId, artistId)))[0]!;
const textsOf = async (artistId: string, kind: string) =>
  (
    await env.DB.prepare("SELECT dedupe_key, body FROM text_messages WHERE artist_id = ? AND kind = ?")
      .bind(artistId, kind)
      .all<{ dedupe_key: string; body: string }>()
  ).results;
const deliverEvents = () => sandboxHelper("/v1/test_helpers/deliver_events", {});
const reversalsBooked = async (ref: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'payout.reversed' AND ref = ?").bind(ref).first<{ n: number }>())!.n;

beforeAll(async () => {
  await fundPlatformBalance(1_000_000);
});

describe("a reversed payout transfer", () => {
  it("transfer.reversed books each reversal back to the artist's balance once, texts the artist and shows operators a row", async () => {
    const artist = await earningArtist(4_000);
    expect(await payArtist(ctx, artist.id, TUESDAY)).toBe("paid");
    const payout = await payoutOf(artist.id);
    expect(await available(artist.id)).toBe(0);

    const first = await stripe.transfers.createReversal(payout.stripeTransferId!, { amount: 1_000 });
    await deliverEvents();
    expect(await available(artist.id)).toBe(1_000);
    const second = await stripe.transfers.createReversal(payout.stripeTransferId!, { amount: 500 });
    await deliverEvents();
    expect(await available(artist.id)).toBe(1_500);
    expect(await reversalsBooked(first.id)).toBe(1);
    expect(await reversalsBooked(second.id)).toBe(1);

    // Each reversal's event, applied again (a redelivery, or reconciliation's listing), changes nothing.
    const events = (await stripe.events.list({ type: "transfer.reversed", limit: 100 })).data.filter(
      (e) => (e.data.object as { id: string }).id === payout.stripeTransferId,
    );
    expect(events).toHaveLength(2);
    for (const event of events) await applyStripeEvent(ctx, event, null);
    expect(await available(artist.id)).toBe(1_500);

    const texts = await textsOf(artist.id, "payout_reversed");
    expect(texts.map((t) => t.dedupe_key).sort()).toEqual([`payout_reversed:${first.id}`, `payout_reversed:${second.id}`].sort());
    expect(texts[0]!.body).toContain("in your JPlay balance again");
    const rows = await db.select().from(failedJobs).where(eq(failedJobs.jobType, "payout.reversed"));
    expect(
      rows
        .filter((row) => row.payload.includes(payout.id))
        .map((row) => row.id)
        .sort(),
    ).toEqual([`payout-reversed:${first.id}`, `payout-reversed:${second.id}`].sort());
    expect(await ledgerTotal(ctx)).toBe(0);
  });

  it("a resumed payout whose transfer was reversed in part books what came back; reversed in full, the payout failed and the money is available", async () => {
    for (const [reverse, expected] of [
      [800, { outcome: "paid", available: 800, status: "paid" }],
      [3_000, { outcome: "failed", available: 3_000, status: "failed" }],
    ] as const) {
      const artist = await earningArtist(3_000);
      // A run that made the Transfer and stopped before recording it; Stripe reversed it since.
      const [row] = await createPayouts(ctx, TUESDAY, [{ artistId: artist.id, amountCents: 3_000 }]);
      const transfer = await stripe.transfers.create({
        amount: 3_000,
        currency: "usd",
        destination: artist.accountId,
        transfer_group: payoutTransferGroup(row!.id),
      });
      await stripe.transfers.createReversal(transfer.id, { amount: reverse });
      await deliverEvents();
      expect(await available(artist.id)).toBe(0);

      expect(await payArtist(ctx, artist.id, TUESDAY)).toBe(expected.outcome);
      expect(await payoutOf(artist.id)).toMatchObject({ status: expected.status });
      expect(await available(artist.id)).toBe(expected.available);
      // Its event, delivered again now the payout is recorded, books nothing more.
      const [event] = (await stripe.events.list({ type: "transfer.reversed", limit: 100 })).data.filter(
        (e) => (e.data.object as { id: string }).id === transfer.id,
      );
      await applyStripeEvent(ctx, event!, null);
      expect(await available(artist.id)).toBe(expected.available);
    }
    expect(await ledgerTotal(ctx)).toBe(0);
  });
});

describe("a Connect payout the debit card did not take", () => {
  it("is recorded as not delivered, its money waits in the artist's Stripe account (not paid twice by JPlay), and the artist is told to update the card", async () => {
    const artist = await earningArtist(2_500);
    expect(await payArtist(ctx, artist.id, TUESDAY)).toBe("paid");
    // The Transfer's text says where the money is, not that it reached the card.
    const [sent] = await textsOf(artist.id, "payout_sent");
    expect(sent!.body).toContain("payout account at Stripe");

    const failed = (await sandboxHelper(`/v1/test_helpers/accounts/${artist.accountId}/payouts`, { failure_code: "expired_card" })) as { id: string };
    await deliverEvents();
    expect((await db.select().from(connectPayouts).where(eq(connectPayouts.id, failed.id)))[0]).toMatchObject({
      artistId: artist.id,
      amountCents: 2_500,
      status: "failed",
      failureCode: "expired_card",
    });
    const balance = await stripe.balance.retrieve({}, { stripeAccount: artist.accountId });
    expect(balance.available.find((entry) => entry.currency === "usd")!.amount).toBe(2_500);
    expect(await available(artist.id)).toBe(0);
    const told = await textsOf(artist.id, "payout_failed");
    expect(told).toHaveLength(1);
    expect(told[0]!.dedupe_key).toBe(`payout_failed:${failed.id}`);
    expect(told[0]!.body).toContain("The card has expired");
    expect(told[0]!.body).toContain("Update your debit card");
    // Operators see it among the failed jobs.
    const listed = await db.select().from(failedJobs).where(eq(failedJobs.jobType, "payout.card_failed"));
    expect(listed.filter((row) => row.id === `connect-payout-failed:${failed.id}`)).toHaveLength(1);

    // Once the card takes a payout, it is recorded as delivered.
    const paid = (await sandboxHelper(`/v1/test_helpers/accounts/${artist.accountId}/payouts`, {})) as { id: string; amount: number };
    await deliverEvents();
    expect(paid.amount).toBe(2_500);
    expect((await db.select().from(connectPayouts).where(eq(connectPayouts.id, paid.id)))[0]).toMatchObject({ status: "paid" });
    expect(await textsOf(artist.id, "payout_failed")).toHaveLength(1);
  });
});
