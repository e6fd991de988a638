/**
 * A sales report (docs/decisions/101-sales-reports.md): the range's series by day, week or month, and
 * its sales by vendor, state, facility and song, each with units, what listeners paid and what the
 * ledger credited. Read from the sales rollup (`sales_days` and `sales_months`,
 * docs/decisions/104-sales-rollup.md): a row per song, UTC day (or month) and facility, summed again
 * from the ledger in the batch that records or gives back a sale, so a sale a vendor reports is in the next read and three years sum in a few thousand
 * index entries. The small-cell rule: a facility with fewer than SMALL_CELL_BUYERS distinct buyers in
 * the range is never named; its sales are shown inside its state, in the state's "other facilities"
 * row — whatever the range or the song asked for, as the rule is applied to the very rows the answer
 * holds. Buyers are counted from the purchases (up to SMALL_CELL_BUYERS: all the rule needs) and never
 * leave this module.
 */
import { sql } from "drizzle-orm";
import {
  SMALL_CELL_BUYERS,
  type FacilitySales,
  type SalesFigures,
  type SalesPeriod,
  type SalesPoint,
  type SalesReport,
  type SongSales,
} from "@jplay/schema/sales-report";
import type { Ctx } from "../platform/context";
import { SALE_VENDOR } from "./sale-rows";
import { listenerCountsBySong } from "../catalogue/index";
import { dayBucketSql, dayNumbers, facilityBuyersSql, rollupSums, salesDayFigures, scopeDays, scopeRows } from "./sales-days-sql";
import { type SalesRange, denseSeries } from "./sales-range";

type Figures = SalesFigures;
const ZERO: Figures = { units: 0, grossCents: 0, earnedCents: 0 };
const add = (a: Figures, b: Figures): Figures => ({
  units: a.units + b.units,
  grossCents: a.grossCents + b.grossCents,
  earnedCents: a.earnedCents + b.earnedCents,
});
const figuresOf = (row: Figures): Figures => ({ units: row.units, grossCents: row.grossCents, earnedCents: row.earnedCents });

/** Facilities with fewer than SMALL_CELL_BUYERS buyers folded into their state's "other facilities" row (facility null). */
export function foldSmallFacilities(rows: ReadonlyArray<Figures & { state: string | null; facility: string | null; buyers: number }>): FacilitySales[] {
  const shown: FacilitySales[] = [];
  const others = new Map<string | null, Figures>();
  for (const row of rows) {
    if (row.facility !== null && row.buyers >= SMALL_CELL_BUYERS) shown.push({ state: row.state, facility: row.facility, ...figuresOf(row) });
    else others.set(row.state, add(others.get(row.state) ?? ZERO, figuresOf(row)));
  }
  for (const [state, figures] of others) shown.push({ state, facility: null, ...figures });
  return shown.sort(
    (a, b) => (a.state ?? "~").localeCompare(b.state ?? "~") || (a.facility === null ? 1 : b.facility === null ? -1 : a.facility.localeCompare(b.facility)),
  );
}

/**
 * The songs sold, each with its preview starts and saves; with `everySong` (the artist's own report)
 * also the songs previewed or saved but not sold, at zero sales, all by title. The operators' top songs
 * stay the top sellers.
 */
function songsWithCounts(
  sold: ReadonlyArray<Figures & { songId: string; title: string }>,
  counted: ReadonlyArray<{ songId: string; title: string; previews: number; saves: number }>,
  everySong: boolean,
): SongSales[] {
  const countsOf = new Map(counted.map((row) => [row.songId, row]));
  const songs = sold.map((row) => ({
    songId: row.songId,
    title: row.title,
    ...figuresOf(row),
    previews: countsOf.get(row.songId)?.previews ?? 0,
    saves: countsOf.get(row.songId)?.saves ?? 0,
  }));
  if (!everySong) return songs;
  const soldIds = new Set(songs.map((row) => row.songId));
  for (const row of counted) {
    if (!soldIds.has(row.songId)) songs.push({ songId: row.songId, title: row.title, ...ZERO, previews: row.previews, saves: row.saves });
  }
  return songs.sort((a, b) => (a.title === b.title ? (a.songId < b.songId ? -1 : 1) : a.title < b.title ? -1 : 1));
}

export interface ReportScope {
  artistId: string | null;
  period: SalesPeriod;
  range: SalesRange;
  songId?: string;
  /** At most this many songs in `bySong`, those that sold most first (the operator's report); all by title otherwise. */
  topSongs?: number;
}

type FacilityRow = Figures & { state: string | null; facility: string | null; buyers: number };

export async function loadSalesReport(ctx: Ctx, { artistId, period, range, songId, topSongs }: ReportScope): Promise<SalesReport> {
  const scope = { artistId, fromMs: range.fromMs, toMs: range.toMs, songId };
  const days = dayNumbers(scope);
  const figures = salesDayFigures(artistId);
  const [series, facilities, bySong, counts] = await Promise.all([
    // Summed per day first (in the index's order), so each day's bucket is computed once.
    ctx.db.all<SalesPoint>(
      sql`select ${dayBucketSql(period)} as start, ${figures} from (select d.day, ${rollupSums(artistId)} from ${scopeDays(scope)} group by d.day) d group by 1 order by 1`,
    ),
    ctx.db.all<FacilityRow>(
      sql`select f.state, f.name as facility, g.units, g.grossCents, g.earnedCents, ${facilityBuyersSql(scope)} as buyers
        from (select d.facility_key, ${figures} from ${scopeRows(scope)} group by d.facility_key) g left join facilities f on f.id = g.facility_key`,
    ),
    ctx.db.all<Figures & { songId: string; title: string }>(
      sql`select g.song_id as songId, s.title, g.units, g.grossCents, g.earnedCents
        from (select d.song_id, ${figures} from ${scopeRows(scope)} group by d.song_id) g join songs s on s.id = g.song_id
        ${topSongs === undefined ? sql`order by s.title, g.song_id` : sql`order by g.grossCents desc, g.song_id limit ${topSongs}`}`,
    ),
    listenerCountsBySong(ctx, { artistId, songId, firstDay: days.first, endDay: days.end }),
  ]);
  const total = series.reduce((sum, point) => add(sum, figuresOf(point)), ZERO);
  const byState = new Map<string | null, Figures>();
  for (const row of facilities) byState.set(row.state, add(byState.get(row.state) ?? ZERO, figuresOf(row)));
  return {
    period,
    from: range.from,
    to: range.to,
    total,
    series: denseSeries(period, range, series),
    // Every sale is reported by the one vendor today (sale-rows.ts, SALE_VENDOR).
    byVendor: facilities.length > 0 ? [{ vendor: SALE_VENDOR, ...total }] : [],
    byState: [...byState]
      .map(([state, sums]) => ({ state, ...sums }))
      .sort((a, b) => (a.state === b.state ? 0 : a.state === null ? 1 : b.state === null || a.state < b.state ? -1 : 1)),
    byFacility: foldSmallFacilities(facilities),
    bySong: songsWithCounts(bySong, counts, topSongs === undefined),
  };
}
