/**
 * A connected account's own Stripe balance (usd, available only): what transfers brought in, less
 * what transfer reversals took back and payouts sent to its debit card; a failed payout's money comes
 * back (https://docs.stripe.com/connect/payouts-connected-accounts). Kept apart from the platform's
 * balance (balance.ts): a reversal draws on it, and Stripe refuses a reversal the account cannot
 * cover ("only if the destination account has enough balance to cover the reversal",
 * https://docs.stripe.com/api/transfer_reversals). One row per account
 * (migrations/0005_connected_balances.sql) whose CHECK refuses a commit that would go below zero.
 */
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest } from "../http/errors";

/** Stripe's refusal of a reversal the destination account cannot cover. */
export const destinationBalanceShort = () =>
  invalidRequest(
    "Insufficient funds in the destination account to reverse this transfer: the connected account's available balance does not cover the reversal.",
    {
      code: "balance_insufficient",
    },
  );

/** The account's available balance in cents. */
export async function connectedAvailable(db: D1Database, account: string): Promise<number> {
  const row = await db.prepare("SELECT available FROM sandbox_connected_balances WHERE account = ?").bind(account).first<{ available: number }>();
  return row?.available ?? 0;
}

/**
 * Adds `cents` (negative: takes) to the account's balance in the request's commit; a take that would
 * leave it below zero fails the whole commit with `refusal`.
 */
export function stageConnectedChange(call: SandboxCall, account: string, cents: number, refusal: () => Error = destinationBalanceShort): void {
  // SQLite checks the CHECK on the row an upsert would insert: the row starts at zero, then moves.
  call.store.stage(
    call.store.db.prepare("INSERT INTO sandbox_connected_balances (account, available) VALUES (?, 0) ON CONFLICT(account) DO NOTHING").bind(account),
  );
  call.store.stageGuard(
    call.store.db.prepare("UPDATE sandbox_connected_balances SET available = available + ?2 WHERE account = ?1").bind(account, cents),
    "connected_available_not_negative",
    refusal,
  );
}

/** The balance object Stripe answers a platform reading a connected account's `GET /v1/balance`. */
export async function connectedBalanceObject(db: D1Database, account: string) {
  const amount = await connectedAvailable(db, account);
  return {
    object: "balance",
    available: [{ amount, currency: "usd", source_types: { card: amount } }],
    pending: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
    livemode: false,
  };
}
