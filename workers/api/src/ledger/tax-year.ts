/**
 * The operator's tax-year export (`GET /api/admin/tax-year/{YYYY}.csv`, docs/decisions/063-payout-
 * minimum-and-tax-details.md): per artist, what JPlay paid them in one calendar year (UTC), for the
 * year's tax reporting. A payout counts in the year it was paid (the moment its transfer was recorded,
 * the row's `updated_at` once `paid`); pending and failed payouts do not count. The rows name the
 * artist's Stripe account, where Stripe keeps the tax details it collected: a tax id is never stored
 * by JPlay, so it cannot be in the file.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { csvLine, csvText } from "@jplay/schema/csv";
import { artists, payouts, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { centsText } from "./statement-csv";

/** The years an export may be asked for: JPlay's first payouts to a far future. */
export const TAX_YEAR_FIRST = 2020;
export const TAX_YEAR_LAST = 2100;

export interface TaxYearRow {
  artistId: string;
  /** The name on the artist's latest song (artists have no name of their own); empty without songs. */
  artistName: string;
  stripeAccountId: string;
  paidCents: number;
  payouts: number;
}

/** Every artist paid in `year`, by artist id: the sum and the number of their paid payouts. */
export async function loadTaxYear(ctx: Ctx, year: number): Promise<TaxYearRow[]> {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const rows = await ctx.db
    .select({
      artistId: payouts.artistId,
      artistName: sql<
        string | null
      >`(select ${songs.artistName} from ${songs} where ${songs.artistId} = ${payouts.artistId} order by ${songs.createdAt} desc limit 1)`,
      stripeAccountId: artists.stripeAccountId,
      paidCents: sql<number>`sum(${payouts.amountCents})`,
      payouts: sql<number>`count(*)`,
    })
    .from(payouts)
    .innerJoin(artists, eq(artists.id, payouts.artistId))
    .where(and(eq(payouts.status, "paid"), gte(payouts.updatedAt, start), lt(payouts.updatedAt, end)))
    .groupBy(payouts.artistId)
    .orderBy(asc(payouts.artistId));
  return rows.map((row) => ({ ...row, artistName: row.artistName ?? "", stripeAccountId: row.stripeAccountId ?? "" }));
}

export const TAX_YEAR_COLUMNS = ["Artist ID", "Artist name", "Stripe account", "Paid (USD)", "Payouts"] as const;
/** Text columns are quoted; the amount and the count are not (a text cell still is when it needs to be). */
const QUOTED = [true, true, true, false, false];

/** The file: a header, one line per artist (dollars with two decimals, as the statements write them), and the year's total. */
export function taxYearCsv(rows: readonly TaxYearRow[]): string {
  const total = rows.reduce((sum, row) => sum + row.paidCents, 0);
  const count = rows.reduce((sum, row) => sum + row.payouts, 0);
  return csvText(
    [
      csvLine(TAX_YEAR_COLUMNS),
      ...rows.map((row) => csvLine([row.artistId, row.artistName, row.stripeAccountId, centsText(row.paidCents), row.payouts], QUOTED)),
      csvLine(["Total", "", "", centsText(total), count], QUOTED),
    ],
    { finalNewline: true },
  );
}

export const taxYearFileName = (year: number) => `jplay-payouts-${year}.csv`;
