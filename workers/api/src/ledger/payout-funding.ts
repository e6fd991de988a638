/**
 * The admin portal's payout funding figures: what JPlay owes artists (their available balances plus
 * payouts in progress, from the ledger), refunds Stripe holds until its balance covers them, what
 * Stripe can transfer now (`balance.retrieve()`), and the shortfall the operator must top up before
 * payouts and those refunds can all go (owed + waiting refunds − available, never below 0).
 * Sales money arrives from the tablet provider, not through Stripe, so without top-ups the transfers
 * of a payout run meet Stripe's `balance_insufficient` (docs/decisions/021).
 */
import { sql } from "drizzle-orm";
import type { PayoutFundingResponse } from "@jplay/schema/funding";
import { WAITING_FOR_FUNDS } from "@jplay/schema/refunds";
import type { Ctx } from "../platform/context";
import { ACCOUNTS, accountBalance } from "./ledger";
import { PAYOUT_CURRENCY } from "./payouts";
import { recentSettlements } from "./provider-settlements";
import { loggableError } from "../platform/loggable-error";

/** Sums of every artist's available and payout-pending accounts (one scan of the artist entries). */
async function artistTotals({ db }: Ctx): Promise<{ available: number; payoutPending: number }> {
  const [row] = await db.all<{ available: number | null; payoutPending: number | null }>(sql`
    select
      sum(case when account = 'artist:' || artist_id || ':available' then amount_cents end) as available,
      sum(case when account = 'artist:' || artist_id || ':payout_pending' then amount_cents end) as payoutPending
    from ledger_entries where artist_id is not null`);
  return { available: row?.available ?? 0, payoutPending: row?.payoutPending ?? 0 };
}

async function waitingPayouts({ db }: Ctx): Promise<{ count: number; cents: number }> {
  const [row] = await db.all<{ count: number; cents: number | null }>(
    sql`select count(*) as count, sum(amount_cents) as cents from payouts where status = 'pending' and funding_waits > 0`,
  );
  return { count: row?.count ?? 0, cents: row?.cents ?? 0 };
}

/** Refunds Stripe holds pending for a short balance (refund-status.ts records its `pending_reason`). */
async function waitingRefunds({ db }: Ctx): Promise<{ count: number; cents: number }> {
  const [row] = await db.all<{ count: number; cents: number | null }>(
    sql`select count(*) as count, sum(amount_cents) as cents from refunds where pending_reason = ${WAITING_FOR_FUNDS}`,
  );
  return { count: row?.count ?? 0, cents: row?.cents ?? 0 };
}

type StripeBalance = { availableCents: number; pendingCents: number };

async function stripeBalance(ctx: Ctx): Promise<{ balance: StripeBalance | null; error: string | null }> {
  try {
    const balance = await ctx.stripe.balance.retrieve();
    const amountOf = (entries: Array<{ amount: number; currency: string }>) => entries.find((entry) => entry.currency === PAYOUT_CURRENCY)?.amount ?? 0;
    return { balance: { availableCents: amountOf(balance.available), pendingCents: amountOf(balance.pending) }, error: null };
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "stripe balance unavailable", ...loggableError(error) }));
    return { balance: null, error: error instanceof Error ? error.message : "Stripe's balance could not be read." };
  }
}

/** Without payments configured the context's Stripe client throws: Stripe's figures are missing, and the ledger's still show. */
export async function readPayoutFunding(ctx: Ctx): Promise<PayoutFundingResponse> {
  const [totals, waiting, refundsWaiting, receivable, settlements, fromStripe] = await Promise.all([
    artistTotals(ctx),
    waitingPayouts(ctx),
    waitingRefunds(ctx),
    accountBalance(ctx, ACCOUNTS.providerReceivable),
    recentSettlements(ctx),
    stripeBalance(ctx),
  ]);
  const owed = totals.available + totals.payoutPending;
  return {
    owedToArtistsCents: owed,
    artistsAvailableCents: totals.available,
    payoutPendingCents: totals.payoutPending,
    waitingPayouts: waiting,
    waitingRefunds: refundsWaiting,
    stripe: fromStripe.balance,
    stripeError: fromStripe.error,
    shortfallCents: fromStripe.balance ? Math.max(0, owed + refundsWaiting.cents - fromStripe.balance.availableCents) : null,
    // The receivable is negative while the provider owes (ledger.ts's sign convention).
    providerOwesCents: -receivable,
    settlements,
  };
}
