/**
 * The append-only double-entry ledger: the only place money owed to artists is written. Every
 * transaction's entries sum to zero (checked before writing) and `(kind, ref)` is unique, so posting
 * the same purchase or payout twice records it once. Balances are sums of entries, never stored.
 *
 * Sign convention: an account's balance is the sum of its entries. Money the platform owes an artist
 * is a positive `artist:{id}:available`; a sale reported by the tablet provider is a negative
 * `provider:receivable` (the provider owes it to us); money sent out is a positive `payouts:sent`.
 * What JPlay holds is negative, like the receivable: a provider settlement moves the receivable
 * towards zero and makes `platform:cash` more negative (docs/decisions/021).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { ledgerEntries, ledgerTransactions } from "@jplay/schema/tables";
import { runBatch, type Db } from "../db";

export const ACCOUNTS = {
  artistAvailable: (artistId: string) => `artist:${artistId}:available`,
  /** Money on its way to the artist (a payout whose Transfer has not been confirmed yet). */
  artistPayoutPending: (artistId: string) => `artist:${artistId}:payout_pending`,
  providerReceivable: "provider:receivable",
  /** Money the provider has settled to JPlay's bank account, from which the operator tops up Stripe. */
  platformCash: "platform:cash",
  platformRevenue: "platform:revenue",
  payoutsSent: "payouts:sent",
} as const;

export interface LedgerEntry {
  account: string;
  /** Set on an artist's own accounts, so their balances are one indexed sum. */
  artistId?: string | null;
  amountCents: number;
}

export class UnbalancedTransactionError extends Error {}

/**
 * Writes one balanced transaction. Returns true when it was written now, false when a transaction
 * with the same `(kind, ref)` already existed (nothing is written twice). Atomic: one D1 batch.
 */
export async function postTransaction(db: Db, kind: string, ref: string, entries: LedgerEntry[], now = Date.now()): Promise<boolean> {
  if (entries.length < 2) throw new UnbalancedTransactionError(`${kind}:${ref} needs at least two entries`);
  if (entries.some((entry) => !Number.isInteger(entry.amountCents))) throw new UnbalancedTransactionError(`${kind}:${ref} has a non-integer amount`);
  const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (total !== 0) throw new UnbalancedTransactionError(`${kind}:${ref} does not balance (sum ${total})`);

  const transactionId = crypto.randomUUID();
  const [inserted] = await runBatch(db, [
    sql`insert into ledger_transactions (id, kind, ref, created_at) values (${transactionId}, ${kind}, ${ref}, ${now}) on conflict (kind, ref) do nothing`,
    // Entries are written only under the transaction this call inserted (none when it existed).
    ...entries.map((entry) =>
      sql`
        insert into ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at)
        select ${crypto.randomUUID()}, ${transactionId}, ${entry.account}, ${entry.artistId ?? null}, ${entry.amountCents}, ${now}
        where exists (select 1 from ledger_transactions where id = ${transactionId})`,
    ),
  ]);
  return inserted!.meta.changes === 1;
}

/** The balance of one account: the sum of its entries. */
export async function accountBalance(db: Db, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.total ?? 0;
}

/** Available balances (cents) of many artists in one query; artists with no entries are 0. */
export async function artistAvailableBalances(db: Db, artistIds: string[]): Promise<Map<string, number>> {
  const balances = new Map(artistIds.map((id) => [id, 0]));
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < artistIds.length; i += 90) {
    const chunk = artistIds.slice(i, i + 90);
    const rows = await db
      .select({ artistId: ledgerEntries.artistId, total: sql<number>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.artistId, chunk), sql`${ledgerEntries.account} = 'artist:' || ${ledgerEntries.artistId} || ':available'`))
      .groupBy(ledgerEntries.artistId);
    for (const row of rows) if (row.artistId) balances.set(row.artistId, row.total);
  }
  return balances;
}

/** Sum over every entry ever written: zero while the ledger is consistent. */
export async function ledgerTotal(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries);
  return row?.total ?? 0;
}

/** Transactions of a kind already posted, by ref (e.g. which purchases were credited). */
export async function postedRefs(db: Db, kind: string, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({ ref: ledgerTransactions.ref })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), inArray(ledgerTransactions.ref, refs)));
  return new Set(rows.map((row) => row.ref));
}
