/**
 * A paid payout's Transfer reversed at Stripe, whole or in part (`transfer.reversed` on the platform
 * endpoint, or found by a resumed payout: ledger/payouts.ts). The reversed money came back to the
 * platform's balance, so the ledger gives it back to the artist (payouts:sent → available, once per
 * Stripe reversal id), the artist is texted, and operators see a row among the failed jobs: a
 * reversal is made by hand in Stripe's Dashboard, and they should know it reached the books
 * (docs/decisions/094-payout-truth.md). A collaborator payee's payout reversed comes back the same way
 * to its namings' available balances, in proportion to their parts (docs/splits.md, Payouts). A
 * reversal of a payout not yet recorded as paid books nothing here: the payout's own resumption reads
 * the transfer and books it then.
 */
import { eq, sql } from "drizzle-orm";
import { collaboratorPayouts, payouts } from "@jplay/schema/tables";
import type Stripe from "stripe";
import { POSTINGS, type Posting, postingStatements } from "@jplay/schema/ledger-postings";
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

/** Whose paid payout a transfer made: how each reversal is booked, and the fields its operator row names. */
interface ReversedPayout {
  table: "payouts" | "collaborator_payouts";
  id: string;
  posting: (reversal: Stripe.TransferReversal) => Posting;
  /** The payout's own fields in the operator's row (its id, the artist or the payee). */
  named: Record<string, string>;
  /** Whose balance it went back to, in the operator's row. */
  whose: string;
  /** What else each booked reversal does (the artist's text), keyed by the reversal so it happens once. */
  told?: (reversal: Stripe.TransferReversal) => Promise<void>;
}

/** Books the transfer's reversals for the paid payout it made (an artist's or a collaborator payee's); answers how many reversals it saw. */
export async function bookTransferReversals(ctx: Ctx, transfer: Stripe.Transfer): Promise<number> {
  if (transfer.amount_reversed === 0) return 0;
  const [artistPayout] = await ctx.db.select().from(payouts).where(eq(payouts.stripeTransferId, transfer.id)).limit(1);
  if (artistPayout) {
    if (artistPayout.status !== "paid") return 0;
    return bookReversals(ctx, transfer, {
      table: "payouts",
      id: artistPayout.id,
      posting: (reversal) => POSTINGS.payoutReversed({ id: reversal.id, artistId: artistPayout.artistId, amountCents: reversal.amount }),
      named: { payoutId: artistPayout.id, artistId: artistPayout.artistId },
      whose: "the artist's",
      told: (reversal) => textPayoutReversed(ctx, { artistId: artistPayout.artistId, reversalId: reversal.id, amountCents: reversal.amount }),
    });
  }
  // A collaborator payee's payout: back to its namings, in proportion to their parts (docs/splits.md, Payouts).
  const [theirs] = await ctx.db.select().from(collaboratorPayouts).where(eq(collaboratorPayouts.stripeTransferId, transfer.id)).limit(1);
  if (theirs?.status !== "paid") return 0;
  return bookReversals(ctx, transfer, {
    table: "collaborator_payouts",
    id: theirs.id,
    posting: (reversal) => POSTINGS.collaboratorPayoutReversed({ id: reversal.id, amountCents: reversal.amount, payout: theirs }),
    named: { collaboratorPayoutId: theirs.id, payeeId: theirs.payeeId },
    whose: "the collaborator's",
  });
}

/** Every reversal booked once (while the payout is still paid), then each told and listed for operators, keyed by the reversal. */
async function bookReversals(ctx: Ctx, transfer: Stripe.Transfer, payout: ReversedPayout): Promise<number> {
  const reversals = await reversalsOf(ctx, transfer);
  if (reversals.length === 0) return 0;
  const stillPaid = () => sql`exists (select 1 from ${sql.identifier(payout.table)} where id = ${payout.id} and status = 'paid')`;
  await runBatch(ctx.db, postingStatements(reversals.map(payout.posting), ctx.now(), { onlyIf: stillPaid }).statements);
  for (const reversal of reversals) {
    // Both keyed by the reversal: a redelivered event texts and lists it once.
    await payout.told?.(reversal);
    await recordFailedJob(ctx, {
      id: `payout-reversed:${reversal.id}`,
      jobType: PAYOUT_REVERSED_JOB,
      payload: JSON.stringify({ ...payout.named, transferId: transfer.id, reversalId: reversal.id, amountCents: reversal.amount }),
      error: `Stripe reversed ${reversal.amount} cents of ${payout.table === "payouts" ? "payout" : "collaborator payout"} ${payout.id} (transfer ${transfer.id}); booked back to ${payout.whose} available balance.`,
    });
  }
  return reversals.length;
}
