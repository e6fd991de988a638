/**
 * The operator's tax-year export (`GET /api/admin/tax-year/{YYYY}.csv`, docs/decisions/063-payout-
 * minimum-and-tax-details.md): per payee, what JPlay paid them in one calendar year (UTC), for the
 * year's tax reporting: each artist, then each collaborator payee (one phone, every artist's naming
 * of it paid together: docs/splits.md, Payouts), named by the latest name an artist gave that phone.
 * A payout counts in the year it was paid (the moment its transfer was recorded, the row's
 * `updated_at` once `paid`); pending and failed payouts do not count. The rows name the payee's
 * Stripe account, where Stripe keeps the tax details it collected: a tax id is never stored
 * by JPlay, so it cannot be in the file.
 */
import { sql } from "drizzle-orm";
import { csvLine, csvText } from "@jplay/schema/csv";
import type { Ctx } from "../platform/context";
import { centsText } from "./statement-csv";

/** The years an export may be asked for: JPlay's first payouts to a far future. */
export const TAX_YEAR_FIRST = 2020;
export const TAX_YEAR_LAST = 2100;

export interface TaxYearRow {
  payee: "artist" | "collaborator";
  /** The artist's id, or the collaborator payee's. */
  payeeId: string;
  /** The name on the artist's latest song (artists have no name of their own), or the latest naming of the collaborator's phone; empty without one. */
  name: string;
  stripeAccountId: string;
  paidCents: number;
  payouts: number;
}

/** Every artist paid in `year`, by artist id, then every collaborator payee, by payee id: the sum and the number of their paid payouts. */
export async function loadTaxYear(ctx: Ctx, year: number): Promise<TaxYearRow[]> {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  // Both tables' rows as `o`: paid, and recorded paid in the year.
  const paidInYear = sql`o.status = 'paid' and o.updated_at >= ${start} and o.updated_at < ${end}`;
  const rows = await ctx.db.all<Omit<TaxYearRow, "name" | "stripeAccountId"> & { name: string | null; stripeAccountId: string | null }>(
    sql`select 'artist' as payee, o.artist_id as payeeId,
        (select s.artist_name from songs s where s.artist_id = o.artist_id order by s.created_at desc limit 1) as name,
        a.stripe_account_id as stripeAccountId, sum(o.amount_cents) as paidCents, count(*) as payouts
      from payouts o join artists a on a.id = o.artist_id where ${paidInYear} group by o.artist_id
      union all
      select 'collaborator', o.payee_id,
        (select c.name from collaborators c where c.phone = p.phone order by c.created_at desc limit 1),
        p.stripe_account_id, sum(o.amount_cents), count(*)
      from collaborator_payouts o join collaborator_payees p on p.id = o.payee_id where ${paidInYear} group by o.payee_id
      order by payee, payeeId`,
  );
  return rows.map((row) => ({ ...row, name: row.name ?? "", stripeAccountId: row.stripeAccountId ?? "" }));
}

export const TAX_YEAR_COLUMNS = ["Payee", "Payee ID", "Name", "Stripe account", "Paid (USD)", "Payouts"] as const;
/** Text columns are quoted; the amount and the count are not (a text cell still is when it needs to be). */
const QUOTED = [true, true, true, true, false, false];

/** The file: a header, one line per payee (dollars with two decimals, as the statements write them), and the year's total. */
export function taxYearCsv(rows: readonly TaxYearRow[]): string {
  const total = rows.reduce((sum, row) => sum + row.paidCents, 0);
  const count = rows.reduce((sum, row) => sum + row.payouts, 0);
  return csvText(
    [
      csvLine(TAX_YEAR_COLUMNS),
      ...rows.map((row) => csvLine([row.payee, row.payeeId, row.name, row.stripeAccountId, centsText(row.paidCents), row.payouts], QUOTED)),
      csvLine(["Total", "", "", "", centsText(total), count], QUOTED),
    ],
    { finalNewline: true },
  );
}

export const taxYearFileName = (year: number) => `jplay-payouts-${year}.csv`;
