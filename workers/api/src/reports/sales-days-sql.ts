/**
 * The SQL a sales report reads the rollup with (`sales_days`, `sales_months`,
 * docs/decisions/104-sales-rollup.md): a scope's days for the series, its rows for the breakdowns (whole
 * months from the months, the days only at the range's ends), their figures, a period's bucket, and a
 * facility's buyers counted up to what the small-cell rule needs. Pure: builds SQL, runs nothing.
 */
import { type SQL, sql } from "drizzle-orm";
import { SMALL_CELL_BUYERS, type SalesPeriod } from "@jplay/schema/sales-report";
import { DAY_MS } from "@jplay/schema/sales-days";
import type { SaleScope } from "./sale-rows";

/**
 * A rollup table's rows (`d`) in a scope, from the first (UTC day number) to the end (excluded): the
 * artist's songs or every artist's, one song. With a song, the artist's test is written `+d.artist_id`
 * so SQLite reads the song's own key (song, day) rather than the artist's whole range; it still must hold.
 */
function rowsIn(column: "day" | "month", { artistId, songId }: Pick<SaleScope, "artistId" | "songId">, first: number, end: number): SQL {
  const days = sql`d.${sql.raw(column)} >= ${first} and d.${sql.raw(column)} < ${end}`;
  if (songId !== undefined) {
    return artistId === null ? sql`d.song_id = ${songId} and ${days}` : sql`d.song_id = ${songId} and ${days} and +d.artist_id = ${artistId}`;
  }
  return artistId === null ? days : sql`d.artist_id = ${artistId} and ${days}`;
}

/** The range's UTC day numbers (its ends are whole days). */
export const dayNumbers = ({ fromMs, toMs }: SaleScope) => ({ first: Math.floor(fromMs / DAY_MS), end: Math.ceil(toMs / DAY_MS) });

/** The day number of the first day of the month holding day number `day`, or of the next month. */
function monthStart(day: number, next = false): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + (next ? 1 : 0), 1) / DAY_MS;
}

/** `sales_days d` where the scope's days are: what the series reads. */
export function scopeDays(scope: SaleScope): SQL {
  const { first, end } = dayNumbers(scope);
  return sql`sales_days d where ${rowsIn("day", scope, first, end)}`;
}

/**
 * The scope's rollup rows as `d` (song_id, facility_key, units, gross_cents and the scope's cents
 * column): each whole month in the range from `sales_months`, the days before the first and
 * after the last whole month from `sales_days`. What the breakdowns by facility and song group.
 */
export function scopeRows(scope: SaleScope): SQL {
  const { first, end } = dayNumbers(scope);
  const wholeFrom = monthStart(first) === first ? first : monthStart(first, true);
  const wholeEnd = monthStart(end);
  const columns = sql`d.song_id, d.facility_key, d.units, d.gross_cents, ${centsColumn(scope.artistId)}`;
  if (wholeFrom >= wholeEnd) return sql`(select ${columns} from ${scopeDays(scope)}) d`;
  return sql`(select ${columns} from sales_months d where ${rowsIn("month", scope, wholeFrom, wholeEnd)}
    union all select ${columns} from sales_days d where ${rowsIn("day", scope, first, wholeFrom)}
    union all select ${columns} from sales_days d where ${rowsIn("day", scope, wholeEnd, end)}) d`;
}

/**
 * What a scope's earned cents are: the artist's account, or the platform's revenue in the operators'
 * report. One column only, so each read stays inside its covering index.
 */
const centsColumn = (artistId: string | null) => sql.raw(artistId === null ? "d.platform_cents" : "d.artist_cents");

/** A group's units, gross and earned cents, as the report names them. */
export function salesDayFigures(artistId: string | null): SQL {
  return sql`coalesce(sum(d.units), 0) as units, coalesce(sum(d.gross_cents), 0) as grossCents, coalesce(sum(${centsColumn(artistId)}), 0) as earnedCents`;
}

/** A group's sums under the rollup's own column names, to be grouped again. */
export function rollupSums(artistId: string | null): SQL {
  const cents = centsColumn(artistId);
  return sql`sum(d.units) as units, sum(d.gross_cents) as gross_cents, sum(${cents}) as ${sql.raw(artistId === null ? "platform_cents" : "artist_cents")}`;
}

/** The first day (YYYY-MM-DD) of the period holding `d.day`. */
export function dayBucketSql(period: SalesPeriod): SQL {
  const seconds = sql.raw(`d.day * 86400`);
  if (period === "month") return sql`strftime('%Y-%m-01', ${seconds}, 'unixepoch')`;
  // 'weekday 0' moves to the week's Sunday (or stays on one); six days back is its Monday.
  if (period === "week") return sql`date(${seconds}, 'unixepoch', 'weekday 0', '-6 days')`;
  return sql`strftime('%Y-%m-%d', ${seconds}, 'unixepoch')`;
}

/**
 * The distinct buyers of the group's facility (`g.facility_key`) in the scope, counted only up to
 * SMALL_CELL_BUYERS: the rule asks whether there are that many, so the count stops there. A purchase
 * naming no listener counts as one buyer more (distinct null), so older reports never make a cell look
 * bigger. A sale with no facility has none to name: 0.
 */
export function facilityBuyersSql({ artistId, fromMs, toMs, songId }: SaleScope): SQL {
  const songs =
    songId !== undefined
      ? sql` and p.song_id = ${songId}`
      : artistId === null
        ? sql``
        : sql` and p.song_id in (select id from songs where artist_id = ${artistId})`;
  return sql`(case when g.facility_key = '' then 0 else (select count(*) from (
      select distinct p.listener_id from purchases p
      where p.facility_id = g.facility_key${songs} and p.purchased_at >= ${fromMs} and p.purchased_at < ${toMs}
      limit ${SMALL_CELL_BUYERS})) end)`;
}
