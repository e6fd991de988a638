/**
 * A collaborator payee's payout whose Transfer Stripe reversed (docs/splits.md, Payouts; as an
 * artist's, docs/decisions/094-payout-truth.md): the `transfer.reversed` webhook gives each reversal
 * back to the namings' available balances, in proportion to their parts, once per reversal, and
 * operators see a row; a resumed payout that finds its transfer reversed in part books what came
 * back, reversed in full it failed and each naming has its part again. Real local D1 and the Stripe
 * sandbox (its webhooks reach the Worker).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LEDGER_ACCOUNTS as A, POSTINGS } from "@jplay/schema/ledger-postings";
import { collaboratorPayouts } from "@jplay/schema/tables";
import { createDb } from "../../platform/db";
import { createStripe } from "../../platform/stripe-client";
import { accountBalance, ledgerTotal, post, postTransaction } from "../ledger";
import { payCollaborator } from "../collaborator-payouts";
import { applyStripeEvent } from "../../payments/webhooks/stripe-events";
import { collaboratorDetails } from "../../splits/collaborator-details";
import { insertArtist } from "../../../test/song-fixtures";
import { fundPlatformBalance, payableConnectedAccount, sandboxHelper } from "../../../test/platform-funds";
import { nextPhone, testContext } from "../../../test/support";

const stripe = createStripe(env);
const db = createDb(env.DB);
const ctx = testContext();
const DAY = "2026-11-24";

/** One phone named by two artists, each naming with `cents` available, and its payee with a payable account. */
async function payeeWithNamings(cents: [number, number]) {
  const phone = nextPhone();
  const namings: string[] = [];
  for (const amount of cents) {
    const id = crypto.randomUUID();
    await env.DB.prepare("insert into collaborators (id, artist_id, phone, name, accepted_at) values (?1, ?2, ?3, 'Hal', 1)")
      .bind(id, await insertArtist(), phone)
      .run();
    await postTransaction(ctx, "purchase.split", crypto.randomUUID(), [
      { account: A.providerReceivable, amountCents: -amount },
      { account: A.collaboratorAvailable(id), amountCents: amount },
    ]);
    namings.push(id);
  }
  const account = await payableConnectedAccount();
  const payeeId = crypto.randomUUID();
  await env.DB.prepare("insert into collaborator_payees (id, phone, confirmed_at, stripe_account_id, payouts_enabled) values (?1, ?2, 1, ?3, 1)")
    .bind(payeeId, phone, account.id)
    .run();
  return { payeeId, accountId: account.id, namings };
}

const available = (collaboratorId: string) => accountBalance(ctx, A.collaboratorAvailable(collaboratorId));
const deliverEvents = () => sandboxHelper("/v1/test_helpers/deliver_events", {});
const payoutOf = async (payeeId: string) => (await db.select().from(collaboratorPayouts).where(eq(collaboratorPayouts.payeeId, payeeId)))[0]!;
const eventsOf = async (transferId: string) =>
  (await stripe.events.list({ type: "transfer.reversed", limit: 100 })).data.filter((e) => (e.data.object as { id: string }).id === transferId);

beforeAll(async () => {
  await fundPlatformBalance(1_000_000);
});

describe("a reversed collaborator payout", () => {
  it("transfer.reversed gives each reversal back to the namings in proportion to their parts, once, and shows operators a row", async () => {
    const { payeeId, namings } = await payeeWithNamings([600, 1_200]);
    const [first, second] = namings as [string, string];
    expect(await payCollaborator(ctx, payeeId, DAY)).toBe("paid");
    const payout = await payoutOf(payeeId);
    expect([await available(first), await available(second)]).toEqual([0, 0]);
    expect((await collaboratorDetails(ctx, second)).paidCents).toBe(1_200);

    const one = await stripe.transfers.createReversal(payout.stripeTransferId!, { amount: 900 });
    await deliverEvents();
    expect([await available(first), await available(second)]).toEqual([300, 600]);
    const two = await stripe.transfers.createReversal(payout.stripeTransferId!, { amount: 900 });
    await deliverEvents();
    // Reversed in full, in two reversals: each naming has its part again, and is no longer counted paid.
    expect([await available(first), await available(second)]).toEqual([600, 1_200]);
    expect((await collaboratorDetails(ctx, second)).paidCents).toBe(0);
    expect((await collaboratorDetails(ctx, second)).availableCents).toBe(1_200);

    // Each event applied again (a redelivery, or reconciliation's listing) changes nothing.
    const events = await eventsOf(payout.stripeTransferId!);
    expect(events).toHaveLength(2);
    for (const event of events) await applyStripeEvent(ctx, event, null);
    expect([await available(first), await available(second)]).toEqual([600, 1_200]);

    const listed = await env.DB.prepare("select id from failed_jobs where job_type = 'payout.reversed' and payload like ?1 order by id")
      .bind(`%${payout.id}%`)
      .all<{ id: string }>();
    expect(listed.results.map((row) => row.id)).toEqual([`payout-reversed:${one.id}`, `payout-reversed:${two.id}`].sort());
    expect(await ledgerTotal(ctx)).toBe(0);

    // What came back is paid again in a later run.
    expect(await payCollaborator(ctx, payeeId, "2026-11-25")).toBe("paid");
    expect([await available(first), await available(second)]).toEqual([0, 0]);
  });

  it("a resumed payout whose transfer was reversed in part books what came back; reversed in full, it failed and each naming has its part", async () => {
    for (const [reverse, expected] of [
      [600, { outcome: "paid", available: [200, 400], status: "paid" }],
      [1_800, { outcome: "failed", available: [600, 1_200], status: "failed" }],
    ] as const) {
      const { payeeId, accountId, namings } = await payeeWithNamings([600, 1_200]);
      // A run that made the Transfer and stopped before recording it; Stripe reversed it since.
      const row = {
        id: crypto.randomUUID(),
        payeeId,
        amountCents: 1_800,
        parts: namings.map((collaboratorId, i) => ({ collaboratorId, cents: [600, 1_200][i]! })),
      };
      await env.DB.prepare(
        "insert into collaborator_payouts (id, payee_id, period, amount_cents, parts, status, stripe_key_attempt, created_at, updated_at) values (?1, ?2, ?3, 1800, ?4, 'pending', 1, 1, 1)",
      )
        .bind(row.id, payeeId, DAY, JSON.stringify(row.parts))
        .run();
      await post(ctx, POSTINGS.collaboratorPayout(row));
      const transfer = await stripe.transfers.create({
        amount: 1_800,
        currency: "usd",
        destination: accountId,
        transfer_group: `collaborator_payout_${row.id}`,
      });
      await stripe.transfers.createReversal(transfer.id, { amount: reverse });
      await deliverEvents();
      expect(await available(namings[0]!)).toBe(0);

      expect(await payCollaborator(ctx, payeeId, DAY)).toBe(expected.outcome);
      expect(await payoutOf(payeeId)).toMatchObject({ status: expected.status });
      expect([await available(namings[0]!), await available(namings[1]!)]).toEqual(expected.available);
      // Its event, delivered again now the payout is recorded, books nothing more.
      for (const event of await eventsOf(transfer.id)) await applyStripeEvent(ctx, event, null);
      expect([await available(namings[0]!), await available(namings[1]!)]).toEqual(expected.available);
    }
    expect(await ledgerTotal(ctx)).toBe(0);
  });
});
