/**
 * The artist's same-day sales through the Worker (docs/decisions/101-sales-reports.md): purchases a
 * vendor reports are in the next read, the totals by day, week and month, vendor, state, facility and
 * song equal the ledger to the cent, the small-cell rule holds however the period or the song is
 * narrowed, and nothing that names a listener, a device or a time of day reaches the answer.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArtistSalesResponse, SalesFigures } from "@jplay/schema/sales-report";
import { issueArtistLink } from "../../access/artist-links";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { accountBalance } from "../../ledger/ledger";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

const DAY = 24 * 60 * 60 * 1000;
/** A Wednesday, noon UTC. */
const NOW = Date.parse("2026-11-18T12:00:00Z");
const at = (now: number) => testContext({ now: () => now });

let artistId: string;
let token: string;
let songA: string;
let songB: string;
let otherToken: string;
let otherSong: string;
const bigFacility = crypto.randomUUID();
const smallFacility = crypto.randomUUID();
const listener = (n: number) => `lst-${String(n).padStart(4, "0")}-abcdefghijklmnop`;
const device = "device-zyxwvutsrq-9876";

let sequence = 0;
async function sell(songId: string, facilityId: string, listenerNumber: number, soldAt: number) {
  const purchase = {
    purchaseId: `sales-${++sequence}-${crypto.randomUUID().slice(0, 8)}`,
    songId,
    priceCents: 199,
    purchasedAt: new Date(soldAt).toISOString(),
    listenerId: listener(listenerNumber),
    deviceId: device,
    facilityId,
  };
  const answer = await recordPurchaseReport(at(soldAt + 1_000), { purchases: [purchase] }, {}, soldAt + 1_000);
  expect(answer.recorded).toBe(1);
}

async function sales(query: string, pageToken = token): Promise<ArtistSalesResponse> {
  const response = await new Browser().fetch(`/api/artist/${pageToken}/sales${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

const sum = (rows: SalesFigures[]) =>
  rows.reduce(
    (total, row) => ({ units: total.units + row.units, grossCents: total.grossCents + row.grossCents, earnedCents: total.earnedCents + row.earnedCents }),
    {
      units: 0,
      grossCents: 0,
      earnedCents: 0,
    },
  );

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("insert into facilities (id, name, state) values (?1, 'Big Unit', 'TX')").bind(bigFacility),
    env.DB.prepare("insert into facilities (id, name, state) values (?1, 'Lone Unit', 'TX')").bind(smallFacility),
  ]);
  artistId = await insertArtist();
  songA = await insertSong({ artistId, status: "distributed" });
  songB = await insertSong({ artistId, status: "distributed" });
  token = await issueArtistLink(testContext(), artistId);
  const other = await insertArtist();
  otherSong = await insertSong({ artistId: other, status: "distributed" });
  otherToken = await issueArtistLink(testContext(), other);
  // Six listeners at the big unit over the month (one of them twice); one listener at the lone unit.
  for (let n = 1; n <= 6; n++) await sell(songA, bigFacility, n, NOW - n * DAY);
  await sell(songB, bigFacility, 1, NOW - 2 * DAY);
  await sell(songB, smallFacility, 99, NOW - 3 * DAY);
  await sell(otherSong, bigFacility, 7, NOW - DAY);
});

describe("the artist's sales", () => {
  it("totals by day, week, month, vendor, state, facility and song equal the ledger to the cent", async () => {
    const credited = await accountBalance(testContext(), `artist:${artistId}:available`);
    for (const period of ["day", "week", "month"] as const) {
      const report = await sales(`?period=${period}&from=2026-10-01&to=2026-11-18`);
      expect(report.total).toEqual({ units: 8, grossCents: 8 * 199, earnedCents: credited });
      for (const rows of [report.series, report.byVendor, report.byState, report.byFacility, report.bySong]) expect(sum(rows)).toEqual(report.total);
    }
    const weeks = await sales("?period=week&from=2026-11-09&to=2026-11-18");
    expect(weeks.series.map((point) => point.start)).toEqual(["2026-11-09", "2026-11-16"]);
    expect(weeks.byVendor.map((row) => row.vendor)).toEqual(["primary"]);
    expect(weeks.byState.map((row) => row.state)).toEqual(["TX"]);
    expect(weeks.nextPayout.minimumCents).toBeGreaterThan(0);
  });

  it("shows a sale the vendor just reported in the next read", async () => {
    const before = (await sales("?period=day&from=2026-11-18&to=2026-11-18")).total.units;
    await sell(songA, bigFacility, 8, NOW);
    expect((await sales("?period=day&from=2026-11-18&to=2026-11-18")).total.units).toBe(before + 1);
  });

  it("never names a facility with fewer than 5 buyers, however the period or the song is narrowed", async () => {
    const days = Array.from({ length: 8 }, (_, n) => new Date(NOW - n * DAY).toISOString().slice(0, 10));
    const queries = [
      "?period=month&from=2026-10-01&to=2026-11-18",
      ...["", `&songId=${songA}`, `&songId=${songB}`].flatMap((song) => days.map((day) => `?period=day&from=${day}&to=${day}${song}`)),
      `?period=week&from=2026-11-01&to=2026-11-30&songId=${songB}`,
    ];
    for (const query of queries) {
      const report = await sales(query);
      const text = JSON.stringify(report);
      // The lone unit's one buyer is never named; only "other facilities in TX" may hold them.
      expect(text).not.toContain("Lone Unit");
      expect(text).not.toContain(smallFacility);
      expect(text).not.toContain("lst-");
      expect(text).not.toContain(device);
      expect(text).not.toMatch(/T\d\d:\d\d/);
      for (const row of report.byFacility) if (row.facility !== null) expect(row.facility).toBe("Big Unit");
    }
    // With the whole month the big unit has 6 buyers and is named; narrowed to one day it has 1 and is not.
    expect((await sales("?period=month&from=2026-10-01&to=2026-11-18")).byFacility.map((row) => row.facility)).toEqual(["Big Unit", null]);
    const oneDay = await sales(`?period=day&from=2026-11-15&to=2026-11-15&songId=${songB}`);
    expect(oneDay.byFacility).toEqual([{ state: "TX", facility: null, units: 1, grossCents: 199, earnedCents: oneDay.total.earnedCents }]);
  });

  it("reads only the artist's own songs; another's song, odd ids and wrong tokens are refused", async () => {
    const own = await sales("?period=month&from=2026-10-01&to=2026-11-18");
    expect(own.bySong.map((row) => row.songId).sort()).toEqual([songA, songB].sort());
    for (const songId of [otherSong, "constructor", "__proto__", "toString"]) {
      const response = await new Browser().fetch(`/api/artist/${token}/sales?songId=${songId}`);
      expect(response.status).toBe(404);
    }
    expect((await sales("?period=month&from=2026-10-01&to=2026-11-18", otherToken)).total.units).toBe(1);
    for (const wrong of ["constructor", "__proto__", `${token}x`]) expect((await new Browser().fetch(`/api/artist/${wrong}/sales`)).status).toBe(404);
    for (const bad of ["?period=year", "?from=2026-13-01", "?from=2026-11-10&to=2026-11-01", "?from=2020-01-01&to=2026-11-01", "?from=2026-02-30"]) {
      const response = await new Browser().fetch(`/api/artist/${token}/sales${bad}`);
      expect(response.status).toBe(400);
    }
  });
});
