/**
 * A paid payout's Transfer reversed at Stripe, whole or in part (`transfer.reversed` on the platform
 * endpoint, or found by a resumed payout: ledger/payouts.ts). The reversed money came back to the
 * platform's balance, so the ledger gives it back to the artist (payouts:sent → available, once per
 * Stripe reversal id), the artist is texted, and operators see a row among the failed jobs: a
 * reversal is made by hand in Stripe's Dashboard, and they should know it reached the books
 * (docs/decisions/094-payout-truth.md). A reversal of a payout not yet recorded as paid books nothing
 * here: the payout's own resumption reads the transfer and books it then.
 */
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { payouts } from "@jplay/schema/tables";
import { POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { recordFailedJob } from "../platform/failed-jobs";
import { textPayoutReversed } from "../texts/index";

/** The failed-jobs type of a booked reversal (admin's Failed jobs shows it). */
export const PAYOUT_REVERSED_JOB = "payout.reversed";

/** Every reversal of the transfer: the event embeds the newest ones; more are listed. */
async function reversalsOf(ctx: Ctx, transfer: Stripe.Transfer): Promise<Stripe.TransferReversal[]> {
  if (!transfer.reversals?.has_more) return transfer.reversals?.data ?? [];
  const all: Stripe.TransferReversal[] = [];
  for await (const reversal of ctx.stripe.transfers.listReversals(transfer.id, { limit: 100 })) all.push(reversal);
  return all;
}

/** Books the transfer's reversals for the paid payout it made; answers how many reversals it saw. */
export async function bookTransferReversals(ctx: Ctx, transfer: Stripe.Transfer): Promise<number> {
  if (transfer.amount_reversed === 0) return 0;
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.stripeTransferId, transfer.id)).limit(1);
  if (!payout || payout.status !== "paid") return 0;
  const reversals = await reversalsOf(ctx, transfer);
  if (reversals.length === 0) return 0;
  const postings = reversals.map((reversal) => POSTINGS.payoutReversed({ id: reversal.id, artistId: payout.artistId, amountCents: reversal.amount }));
  const stillPaid = () => sql`exists (select 1 from payouts where id = ${payout.id} and status = 'paid')`;
  await runBatch(ctx.db, postingStatements(postings, ctx.now(), { onlyIf: stillPaid }).statements);
  for (const reversal of reversals) {
    // Both keyed by the reversal: a redelivered event texts and lists it once.
    await textPayoutReversed(ctx, { artistId: payout.artistId, reversalId: reversal.id, amountCents: reversal.amount });
    await recordFailedJob(ctx, {
      id: `payout-reversed:${reversal.id}`,
      jobType: PAYOUT_REVERSED_JOB,
      payload: JSON.stringify({
        payoutId: payout.id,
        artistId: payout.artistId,
        transferId: transfer.id,
        reversalId: reversal.id,
        amountCents: reversal.amount,
      }),
      error: `Stripe reversed ${reversal.amount} cents of payout ${payout.id} (transfer ${transfer.id}); booked back to the artist's available balance.`,
    });
  }
  return reversals.length;
}
