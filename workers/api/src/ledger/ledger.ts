/**
 * The append-only double-entry ledger as the Worker writes and reads it: the only place money is
 * written. Postings come from the ledger's rules (schema/src/ledger-postings.ts: account names, one
 * rule per kind of money movement, the statements that write them); this module runs them and sums
 * balances. Every transaction's entries sum to zero (checked before writing) and `(kind, ref)` is
 * unique, so posting the same purchase or payout twice records it once. Balances are sums of
 * entries, never stored.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { LEDGER_ACCOUNTS, type LedgerEntry, type LedgerKind, type Posting, postingStatements } from "@jplay/schema/ledger-postings";
import { ledgerEntries, ledgerTransactions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";

/** The ledger's account names, defined once in schema/src/ledger-postings.ts. */
export const ACCOUNTS = LEDGER_ACCOUNTS;

/**
 * Writes one posting (built by `POSTINGS`). Returns true when it was written now, false when a
 * transaction with the same `(kind, ref)` already existed (nothing is written twice). Atomic: one D1 batch.
 */
export async function post(ctx: Ctx, posting: Posting, now = ctx.now()): Promise<boolean> {
  const [inserted] = await runBatch(ctx.db, postingStatements([posting], now).statements);
  return inserted.meta.changes === 1;
}

/** Writes one balanced transaction of the given entries; `post` with a rule's posting is the usual way. */
export const postTransaction = (ctx: Ctx, kind: LedgerKind, ref: string, entries: LedgerEntry[], now = ctx.now()) => post(ctx, { kind, ref, entries }, now);

/** The balance of one account: the sum of its entries. */
export async function accountBalance(ctx: Ctx, account: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.total ?? 0;
}

/** Available balances (cents) of many artists in one query; artists with no entries are 0. */
export async function artistAvailableBalances(ctx: Ctx, artistIds: string[]): Promise<Map<string, number>> {
  const balances = new Map(artistIds.map((id) => [id, 0]));
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < artistIds.length; i += 90) {
    const rows = await availableBalancesQuery(ctx, artistIds.slice(i, i + 90));
    for (const row of rows) if (row.artistId) balances.set(row.artistId, row.total);
  }
  return balances;
}

/** The available balances of at most 90 artists (one statement, for a D1 batch); artists with no entries have no row. */
export const availableBalancesQuery = (ctx: Ctx, artistIds: string[]) =>
  ctx.db
    .select({ artistId: ledgerEntries.artistId, total: sql<number>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.artistId, artistIds), sql`${ledgerEntries.account} = 'artist:' || ${ledgerEntries.artistId} || ':available'`))
    .groupBy(ledgerEntries.artistId);

/** Sum over every entry ever written: zero while the ledger is consistent. */
export async function ledgerTotal(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db.select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries);
  return row?.total ?? 0;
}

/** Transactions of a kind already posted, by ref (e.g. which purchases were credited). */
export async function postedRefs(ctx: Ctx, kind: string, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await ctx.db
    .select({ ref: ledgerTransactions.ref })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), inArray(ledgerTransactions.ref, refs)));
  return new Set(rows.map((row) => row.ref));
}
