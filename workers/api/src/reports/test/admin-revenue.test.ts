/**
 * The operator's revenue report (docs/decisions/101-sales-reports.md): every artist's sales by period,
 * vendor and state, what listeners paid and the platform's share equal to the ledger to the cent;
 * only a signed-in operator reads it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { SalesFigures, SalesReport } from "@jplay/schema/sales-report";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { accountBalance } from "../../ledger/ledger";
import { signedInOperator } from "../../../test/admin-support";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

const NOW = Date.parse("2026-11-18T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const facility = crypto.randomUUID();
  await env.DB.prepare("insert into facilities (id, name, state) values (?1, 'Revenue Unit', 'OH')").bind(facility).run();
  for (let artist = 0; artist < 3; artist++) {
    const songId = await insertSong({ artistId: await insertArtist(), status: "distributed", package: artist === 0 ? "expedited" : "standard" });
    const purchases = Array.from({ length: 4 + artist }, (_, n) => ({
      purchaseId: `revenue-${artist}-${n}-${crypto.randomUUID().slice(0, 6)}`,
      songId,
      priceCents: 199,
      purchasedAt: new Date(NOW - n * 10 * DAY).toISOString(),
      facilityId: n % 2 === 0 ? facility : undefined,
    }));
    expect((await recordPurchaseReport(testContext({ now: () => NOW }), { purchases }, {}, NOW)).recorded).toBe(purchases.length);
  }
});

const sum = (rows: SalesFigures[]) => rows.reduce((total, row) => total + row.grossCents + row.earnedCents * 1_000_000, 0);

describe("the operator's revenue", () => {
  it("equals the ledger to the cent by period, vendor and state", async () => {
    const operator = await signedInOperator();
    const revenue = await accountBalance(testContext(), "platform:revenue");
    const receivable = await accountBalance(testContext(), "provider:receivable");
    for (const period of ["day", "week", "month"] as const) {
      const response = await operator.fetch(`/api/admin/revenue?period=${period}&from=2026-08-01&to=2026-11-18`);
      expect(response.status).toBe(200);
      const report = await response.json<SalesReport>();
      expect(report.total).toEqual({ units: 15, grossCents: -receivable, earnedCents: revenue });
      for (const rows of [report.series, report.byVendor, report.byState, report.byFacility, report.bySong]) expect(sum(rows)).toBe(sum([report.total]));
      expect(report.byState.map((row) => row.state)).toEqual(["OH", null]);
    }
  });

  it("answers no one but an operator", async () => {
    expect((await new Browser().fetch("/api/admin/revenue")).status).toBe(401);
  });
});
