/**
 * Stripe's payouts of an artist's connected account to their debit card (`payout.paid`,
 * `payout.failed` on the Connect endpoint; the event's `account` names the artist's account). A
 * Transfer puts the money in the artist's Stripe account; only the payout takes it to the card. A
 * failed one is recorded as not delivered, listed for operators among the failed jobs, and the artist
 * is told the truth: the money came back to
 * their Stripe account and waits there until the debit card is updated (Stripe pays it out again
 * then). JPlay's ledger does not take it back: it is the artist's at Stripe already, and giving it
 * back to their JPlay balance would pay it twice (docs/decisions/094-payout-truth.md).
 * https://docs.stripe.com/connect/payouts-connected-accounts
 */
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { artists, connectPayouts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { textPayoutFailed } from "../texts/index";
import { recordFailedJob } from "../platform/failed-jobs";

export const CONNECT_PAYOUT_FAILED_JOB = "payout.card_failed";

/** Records a connected account's payout as Stripe reports it, and tells the artist when it failed. */
export async function applyConnectPayout(ctx: Ctx, accountId: string | undefined, payout: Stripe.Payout): Promise<void> {
  if (!accountId || (payout.status !== "paid" && payout.status !== "failed")) return;
  const [artist] = await ctx.db.select({ id: artists.id }).from(artists).where(eq(artists.stripeAccountId, accountId)).limit(1);
  if (!artist) return;
  const now = ctx.now();
  const row = {
    id: payout.id,
    artistId: artist.id,
    amountCents: payout.amount,
    status: payout.status,
    failureCode: payout.failure_code ?? null,
    failureMessage: payout.failure_message ?? null,
    createdAt: now,
    updatedAt: now,
  } as const;
  // A payout reported paid and then failed (the bank sent it back later) ends failed; never the other way.
  await ctx.db
    .insert(connectPayouts)
    .values(row)
    .onConflictDoUpdate({
      target: connectPayouts.id,
      set: { status: row.status, failureCode: row.failureCode, failureMessage: row.failureMessage, updatedAt: now },
      setWhere: sql`${connectPayouts.status} <> 'failed'`,
    });
  if (payout.status === "failed") {
    const reason = payout.failure_message ?? payout.failure_code ?? "the bank sent it back";
    await textPayoutFailed(ctx, { artistId: artist.id, payoutId: payout.id, amountCents: payout.amount, reason });
    // Operators see it among the failed jobs (keyed by the payout: a redelivered event lists it once).
    await recordFailedJob(ctx, {
      id: `connect-payout-failed:${payout.id}`,
      jobType: CONNECT_PAYOUT_FAILED_JOB,
      payload: JSON.stringify({ payoutId: payout.id, artistId: artist.id, accountId, amountCents: payout.amount, failureCode: payout.failure_code ?? null }),
      error: `The artist's debit card did not take Stripe payout ${payout.id} of ${payout.amount} cents (${reason}); the money waits in their Stripe account until they update the card.`,
    });
  }
}
