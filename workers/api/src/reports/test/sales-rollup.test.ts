/**
 * The sales rollup (`sales_days`, docs/decisions/104-sales-rollup.md) against the ledger it is kept
 * from: after sales in several facilities and days, a split song, a report sent again and a song's
 * buyers given their money back, every rollup row equals the same day's sales read live from the
 * purchases and their ledger entries (the yearly exports' read), every month row equals its days, and
 * the artist's report, over ranges of whole months, parts of months and both, equals the live read and
 * the artist's ledger account to the cent.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LEDGER_ACCOUNTS as A } from "@jplay/schema/ledger-postings";
import type { ArtistSalesResponse } from "@jplay/schema/sales-report";
import { issueArtistLink } from "../../access/artist-links";
import { accountBalance } from "../../ledger/ledger";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { refundRightsRemoval } from "../../provider/receipts/refund-rights-removal";
import { saveSongSplit } from "../../splits/index";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";
import { saleRowsCte } from "../sale-rows";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-18T12:00:00Z");
const at = (now: number) => testContext({ now: () => now });

interface Cell {
  song_id: string;
  day: number;
  facility_key: string;
  units: number;
  gross_cents: number;
  artist_cents: number;
}

/** The artist's sales per song, UTC day and facility, read live from purchases and ledger entries. */
async function liveCells(artistId: string): Promise<Cell[]> {
  const rows = saleRowsCte({ artistId, fromMs: 0, toMs: NOW + DAY });
  return testContext().db.all<Cell>(
    sql`${rows} select song_id, at / ${sql.raw(String(DAY))} as day, coalesce(facility_id, '') as facility_key, sum(units) as units, sum(gross) as gross_cents, sum(earned) as artist_cents
      from sale_rows group by 1, 2, 3 order by 1, 2, 3`,
  );
}

async function rollupCells(artistId: string): Promise<Cell[]> {
  const { results } = await env.DB.prepare(
    "select song_id, day, facility_key, units, gross_cents, artist_cents from sales_days where artist_id = ?1 order by 1, 2, 3",
  )
    .bind(artistId)
    .all<Cell>();
  return results;
}

describe("the sales rollup", () => {
  it("equals the ledger after splits, a report sent again and a rights refund", async () => {
    const facilities = [crypto.randomUUID(), crypto.randomUUID()];
    await env.DB.batch(facilities.map((id, n) => env.DB.prepare("insert into facilities (id, name, state) values (?1, ?2, 'OH')").bind(id, `Unit ${n}`)));
    const artistId = await insertArtist();
    const [plain, split, removed] = [
      await insertSong({ artistId, status: "distributed" }),
      await insertSong({ artistId, status: "distributed" }),
      await insertSong({ artistId, status: "distributed" }),
    ];
    await saveSongSplit(at(NOW - 30 * DAY), artistId, split, {
      collaborators: [{ name: "Bea", phone: "+15550100001", role: "producer", basisPoints: 3_333 }],
      recoup: null,
    });
    const purchases = Array.from({ length: 24 }, (_, n) => ({
      purchaseId: `rollup-${n}-${crypto.randomUUID().slice(0, 8)}`,
      songId: [plain, split, removed][n % 3]!,
      priceCents: 199,
      purchasedAt: new Date(NOW - 2 * n * DAY - n * 60_000).toISOString(),
      listenerId: `lst-${String(n % 7).padStart(4, "0")}-abcdefghijklmnop`,
      ...(n % 5 === 0 ? {} : { facilityId: facilities[n % 2] }),
    }));
    expect((await recordPurchaseReport(at(NOW), { purchases: purchases.slice(0, 16) }, {}, NOW)).recorded).toBe(16);
    // The provider sends the report again with more in it: the first 16 are not counted twice.
    const again = await recordPurchaseReport(at(NOW), { purchases }, {}, NOW);
    expect([again.recorded, again.duplicates]).toEqual([8, 16]);
    expect(await rollupCells(artistId)).toEqual(await liveCells(artistId));

    await refundRightsRemoval(at(NOW), removed, "operator@test");
    const cells = await rollupCells(artistId);
    expect(cells).toEqual(await liveCells(artistId));
    // The removed song's days are still there, at zero sales, and the split song's credits are after its split.
    expect(cells.filter((cell) => cell.song_id === removed).every((cell) => cell.units === 0 && cell.gross_cents === 0 && cell.artist_cents === 0)).toBe(true);
    expect(cells.filter((cell) => cell.song_id === split).reduce((sum, cell) => sum + cell.units, 0)).toBe(8);

    const months = await env.DB.prepare(
      `select m.month, m.units, m.gross_cents, m.artist_cents, (select sum(d.units) from sales_days d where d.song_id = m.song_id and d.facility_key = m.facility_key
        and d.day >= m.month and d.day < unixepoch(m.month * 86400, 'unixepoch', '+1 month') / 86400) as day_units,
        (select sum(d.artist_cents) from sales_days d where d.song_id = m.song_id and d.facility_key = m.facility_key
        and d.day >= m.month and d.day < unixepoch(m.month * 86400, 'unixepoch', '+1 month') / 86400) as day_cents
        from sales_months m where m.artist_id = ?1`,
    )
      .bind(artistId)
      .all<{ month: number; units: number; artist_cents: number; day_units: number; day_cents: number }>();
    expect(new Set(months.results.map((row) => new Date(row.month * DAY).toISOString().slice(0, 10)))).toEqual(new Set(["2026-10-01", "2026-11-01"]));
    for (const row of months.results) expect([row.units, row.artist_cents]).toEqual([row.day_units, row.day_cents]);

    const token = await issueArtistLink(testContext(), artistId);
    expect(await accountBalance(testContext(), A.artistAvailable(artistId))).toBe(
      (await liveCells(artistId)).reduce((sum, cell) => sum + cell.artist_cents, 0),
    );
    for (const [from, to] of [
      ["2026-10-01", "2026-11-18"],
      ["2026-10-15", "2026-11-18"],
      ["2026-11-01", "2026-11-30"],
      ["2026-10-20", "2026-10-25"],
      ["2026-09-30", "2026-11-02"],
    ]) {
      const response = await new Browser().fetch(`/api/artist/${token}/sales?period=week&from=${from}&to=${to}`);
      const report = await response.json<ArtistSalesResponse>();
      const inRange = (await liveCells(artistId)).filter((cell) => cell.day >= Date.parse(from!) / DAY && cell.day <= Date.parse(to!) / DAY);
      const expected = {
        units: inRange.reduce((sum, cell) => sum + cell.units, 0),
        grossCents: inRange.reduce((sum, cell) => sum + cell.gross_cents, 0),
        earnedCents: inRange.reduce((sum, cell) => sum + cell.artist_cents, 0),
      };
      expect(report.total, `${from}..${to}`).toEqual(expected);
      for (const rows of [report.bySong, report.byFacility, report.byState, report.series]) {
        expect(
          rows.reduce((sum, row) => sum + row.earnedCents, 0),
          `${from}..${to}`,
        ).toBe(expected.earnedCents);
        expect(
          rows.reduce((sum, row) => sum + row.units, 0),
          `${from}..${to}`,
        ).toBe(expected.units);
      }
    }
  });
});
