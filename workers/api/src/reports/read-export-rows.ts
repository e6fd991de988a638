/**
 * The rows of an artist's yearly exports (docs/decisions/101-sales-reports.md): their sales grouped by
 * reporting day, sale month, vendor and song (the DistroKid-style CSV), or by vendor and song and
 * price (the DDEX DSR), read a month at a time so an export of any size holds one month's groups in
 * memory, never the year's purchases. Figures come from the ledger (sale-rows.ts).
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import { saleRowsCte } from "./sale-rows";

export interface ExportRow {
  reportingDate: string;
  saleMonth: string;
  vendor: string;
  artistName: string;
  title: string;
  isrc: string | null;
  upc: string | null;
  units: number;
  grossCents: number;
  /** What the artist kept after their song's split. */
  earnedCents: number;
  /** What the ledger credited them before it. */
  creditedCents: number;
}

export interface DsrRow {
  vendor: string;
  songId: string;
  artistName: string;
  title: string;
  isrc: string | null;
  upc: string | null;
  priceCents: number;
  units: number;
  returns: number;
  grossCents: number;
}

export const yearBounds = (year: number) => ({ fromMs: Date.UTC(year, 0, 1), toMs: Date.UTC(year + 1, 0, 1) });

/** The year's CSV rows, month by month, oldest first. */
export async function* exportRows(ctx: Ctx, artistId: string, year: number): AsyncGenerator<ExportRow[]> {
  for (let month = 0; month < 12; month++) {
    const rows = saleRowsCte({ artistId, fromMs: Date.UTC(year, month, 1), toMs: Date.UTC(year, month + 1, 1) });
    yield await ctx.db.all<ExportRow>(sql`${rows}
      select strftime('%Y-%m-%d', r.recorded_at / 1000, 'unixepoch') as reportingDate, strftime('%Y-%m', r.at / 1000, 'unixepoch') as saleMonth,
        r.vendor, s.artist_name as artistName, s.title, s.isrc, s.upc, sum(r.units) as units, sum(r.gross) as grossCents,
        sum(r.earned) as earnedCents, sum(r.credited) as creditedCents
      from sale_rows r join songs s on s.id = r.song_id
      group by 1, 2, r.vendor, r.song_id order by 1, 2, r.vendor, s.title, r.song_id`);
  }
}

/** The year's DSR rows: per vendor, song and price paid; `returns` the purchases given back. */
export async function dsrRows(ctx: Ctx, artistId: string, year: number): Promise<DsrRow[]> {
  const rows = saleRowsCte({ artistId, ...yearBounds(year) });
  return ctx.db.all<DsrRow>(sql`${rows}
    select r.vendor, r.song_id as songId, s.artist_name as artistName, s.title, s.isrc, s.upc, r.price_cents as priceCents,
      count(*) as units, sum(1 - r.units) as returns, sum(r.gross) as grossCents
    from sale_rows r join songs s on s.id = r.song_id
    group by r.vendor, r.song_id, r.price_cents order by r.vendor, s.title, r.song_id, r.price_cents`);
}
