/**
 * A sales report from the ledger (docs/decisions/101-sales-reports.md): the range's series by day,
 * week or month, and its sales by vendor, state, facility and song, each with units, what listeners
 * paid and what the ledger credited. Read live from the purchases and their ledger transactions, so a
 * sale a vendor reports is in the next read. The small-cell rule: a facility with fewer than
 * SMALL_CELL_BUYERS distinct buyers in the range is never named; its sales are shown inside its state,
 * in the state's "other facilities" row — whatever the range or the song asked for, as the rule is
 * applied to the very rows the answer holds.
 */
import { sql } from "drizzle-orm";
import { SMALL_CELL_BUYERS, type FacilitySales, type SalesFigures, type SalesPeriod, type SalesPoint, type SalesReport } from "@jplay/schema/sales-report";
import type { Ctx } from "../platform/context";
import { BUYERS, FIGURES, bucketSql, saleRowsCte } from "./sale-rows";
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

export interface ReportScope {
  artistId: string | null;
  period: SalesPeriod;
  range: SalesRange;
  songId?: string;
  /** At most this many songs in `bySong`, those that sold most first (the operator's report); all by title otherwise. */
  topSongs?: number;
}

export async function loadSalesReport(ctx: Ctx, { artistId, period, range, songId, topSongs }: ReportScope): Promise<SalesReport> {
  const rows = saleRowsCte({ artistId, fromMs: range.fromMs, toMs: range.toMs, songId });
  const [series, byVendor, byState, facilities, bySong] = await Promise.all([
    ctx.db.all<SalesPoint>(sql`${rows} select ${bucketSql(period)} as start, ${FIGURES} from sale_rows group by 1 order by 1`),
    ctx.db.all<Figures & { vendor: string }>(sql`${rows} select vendor, ${FIGURES} from sale_rows group by vendor order by vendor`),
    ctx.db.all<Figures & { state: string | null }>(sql`${rows} select state, ${FIGURES} from sale_rows group by state order by state is null, state`),
    ctx.db.all<Figures & { state: string | null; facility: string | null; buyers: number }>(
      sql`${rows} select state, facility, ${FIGURES}, ${BUYERS} from sale_rows group by facility_id`,
    ),
    ctx.db.all<Figures & { songId: string; title: string }>(
      sql`${rows} select r.song_id as songId, s.title, ${FIGURES} from sale_rows r join songs s on s.id = r.song_id group by r.song_id ${topSongs === undefined ? sql`order by s.title, r.song_id` : sql`order by grossCents desc, r.song_id limit ${topSongs}`}`,
    ),
  ]);
  return {
    period,
    from: range.from,
    to: range.to,
    total: series.reduce((sum, point) => add(sum, figuresOf(point)), ZERO),
    series: denseSeries(period, range, series),
    byVendor: byVendor.map((row) => ({ vendor: row.vendor, ...figuresOf(row) })),
    byState: byState.map((row) => ({ state: row.state, ...figuresOf(row) })),
    byFacility: foldSmallFacilities(facilities),
    bySong: bySong.map((row) => ({ songId: row.songId, title: row.title, ...figuresOf(row) })),
  };
}
