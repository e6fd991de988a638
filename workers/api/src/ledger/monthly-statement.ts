/**
 * The artist's monthly statement, read from the ledger (docs/decisions/028-artist-journey.md): per
 * song, the downloads listeners bought in the month (by purchase time, UTC), what they paid, and the
 * artist's share as the ledger credited it (the `purchase` transaction of each purchase, less what
 * its royalty split gave collaborators, `purchase.split`, docs/splits.md); and the
 * payouts whose run day falls in the month, with their status. Also which months have a statement:
 * every month from the artist's first activity (their card saved, or an earlier sale) to this one.
 * Only the given artist's rows are read.
 */
import { and, asc, eq, gte, like, lt, min, sql } from "drizzle-orm";
import { LEDGER_KINDS } from "@jplay/schema/ledger-postings";
import { artists, ledgerEntries, ledgerTransactions, payouts, purchases, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { ACCOUNTS } from "./ledger";
import type { MonthlyStatement } from "./statement-csv";

/** `YYYY-MM` of a moment, in UTC. */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

export function monthBounds(month: string): { start: number; end: number } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return { start: Date.UTC(year, monthNumber - 1, 1), end: Date.UTC(year, monthNumber, 1) };
}

export async function loadMonthlyStatement(ctx: Ctx, artistId: string, month: string): Promise<MonthlyStatement> {
  const { start, end } = monthBounds(month);
  const songLines = await ctx.db
    .select({
      title: songs.title,
      downloads: sql<number>`count(*)`,
      grossCents: sql<number>`sum(${purchases.priceCents})`,
      // The artist's share less what each sale's royalty split gave collaborators (docs/splits.md).
      artistCents: sql<number>`sum(${ledgerEntries.amountCents} + coalesce((select sum(e.amount_cents) from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = ${LEDGER_KINDS.purchaseSplit} and t.ref = ${purchases.id} and e.account = ${ledgerEntries.account}), 0))`,
    })
    .from(purchases)
    .innerJoin(songs, eq(songs.id, purchases.songId))
    .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.kind, LEDGER_KINDS.purchase), eq(ledgerTransactions.ref, purchases.id)))
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.account, ACCOUNTS.artistAvailable(artistId))))
    .where(and(eq(ledgerEntries.artistId, artistId), gte(purchases.purchasedAt, start), lt(purchases.purchasedAt, end)))
    .groupBy(songs.id)
    .orderBy(asc(songs.title), asc(songs.id));
  const payoutLines = await ctx.db
    .select({ period: payouts.period, amountCents: payouts.amountCents, status: payouts.status })
    .from(payouts)
    .where(and(eq(payouts.artistId, artistId), like(payouts.period, `${month}-%`)))
    .orderBy(asc(payouts.period));
  return { month, songs: songLines, payouts: payoutLines };
}

/** The months with a statement, newest first: from the artist's first activity to `now`'s month. */
export async function statementMonths(ctx: Ctx, artistId: string, now = ctx.now()): Promise<string[]> {
  const [artist] = await ctx.db.select({ createdAt: artists.createdAt }).from(artists).where(eq(artists.id, artistId)).limit(1);
  if (!artist) return [];
  const [firstSale] = await ctx.db
    .select({ at: min(purchases.purchasedAt) })
    .from(purchases)
    .innerJoin(songs, eq(songs.id, purchases.songId))
    .where(eq(songs.artistId, artistId));
  return monthsSince(Math.min(artist.createdAt, firstSale?.at ?? artist.createdAt, now), now);
}

/** `YYYY-MM` of every month from `first`'s to `now`'s, newest first. */
export function monthsSince(first: number, now: number): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1));
  while (cursor.getTime() >= Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth(), 1)) {
    months.push(monthOf(cursor.getTime()));
    cursor.setUTCMonth(cursor.getUTCMonth() - 1);
  }
  return months;
}

/** Whether `month` has begun by `now` (a statement of a month still to come is refused). */
export const monthHasBegun = (month: string, now = Date.now()) => monthBounds(month).start <= now;
