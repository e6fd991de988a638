/**
 * The artist's yearly exports read back (docs/decisions/101-sales-reports.md): the CSV in DistroKid's
 * columns and the DDEX DSR flat file (Basic Audio Profile 1.2) of a year's sales, parsed again, equal
 * the ledger — units, what listeners paid and what the artist was credited, to the cent — and hold
 * only that artist's year; the DSR's record layout and FOOT counts are what the README documents.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { issueArtistLink } from "../../access/artist-links";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { DISTROKID_COLUMNS } from "../distrokid-csv";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

const NOW = Date.parse("2026-11-18T12:00:00Z");
let artistId: string;
let token: string;
const songs: string[] = [];
const cheapFacility = crypto.randomUUID();

let sequence = 0;
async function sell(songId: string, soldAt: number, priceCents = 199, facilityId?: string) {
  const purchase = {
    purchaseId: `export-${++sequence}-${crypto.randomUUID().slice(0, 8)}`,
    songId,
    priceCents,
    purchasedAt: new Date(soldAt).toISOString(),
    facilityId,
  };
  const answer = await recordPurchaseReport(testContext({ now: () => soldAt + 1_000 }), { purchases: [purchase] }, {}, soldAt + 1_000);
  expect(answer.recorded).toBe(1);
}

/** The ledger's figures for the artist's sales in a year: units, listeners' cents, the artist's cents. */
async function ledgerYear(year: number) {
  const row = await env.DB.prepare(
    `select count(distinct p.id) as units,
       sum(case when e.account = 'provider:receivable' then -e.amount_cents else 0 end) as gross,
       sum(case when e.account = 'artist:' || ?1 || ':available' then e.amount_cents else 0 end) as earned
     from purchases p join songs s on s.id = p.song_id join ledger_transactions t on t.ref = p.id and t.kind in ('purchase', 'purchase.split')
     join ledger_entries e on e.transaction_id = t.id
     where s.artist_id = ?1 and p.purchased_at >= ?2 and p.purchased_at < ?3`,
  )
    .bind(artistId, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1))
    .first<{ units: number; gross: number; earned: number }>();
  return row!;
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

/** RFC 4180 lines of quoted fields, as the product writes them. */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"')));

beforeAll(async () => {
  await env.DB.prepare("insert into facilities (id, name, state, price_ceiling_cents) values (?1, 'Cheap Unit', 'GA', 99)").bind(cheapFacility).run();
  artistId = await insertArtist();
  for (let n = 0; n < 3; n++) songs.push(await insertSong({ artistId, status: "distributed" }));
  await env.DB.prepare("update songs set isrc = 'US-S1Z-26-00001', upc = '123456789012', title = 'Tab\tand \"quote\"' where id = ?1").bind(songs[0]).run();
  token = await issueArtistLink(testContext(), artistId);
  const other = await insertArtist();
  await sell(await insertSong({ artistId: other, status: "distributed" }), NOW - 5_000);
  for (let n = 0; n < 25; n++) await sell(songs[n % 3]!, NOW - n * 9 * 24 * 60 * 60 * 1000);
  for (let n = 0; n < 4; n++) await sell(songs[1]!, NOW - n * 60_000, 99, cheapFacility);
  // Last year's sales are in last year's files only.
  await sell(songs[2]!, Date.parse("2025-12-31T23:59:00Z"));
});

async function download(file: string): Promise<Response> {
  const response = await new Browser().fetch(`/api/artist/${token}/statements/${file}`);
  expect(response.status).toBe(200);
  return response;
}

describe("the yearly CSV in DistroKid's columns", () => {
  it("reads back equal to the ledger, a row per reporting day, month, store and song", async () => {
    const response = await download("2026.csv");
    expect(response.headers.get("Content-Disposition")).toContain("jplay-sales-2026.csv");
    const [header, ...rows] = csvRows(await response.text());
    expect(header).toEqual([...DISTROKID_COLUMNS]);
    const ledger = await ledgerYear(2026);
    expect(rows.reduce((sum, row) => sum + Number(row[7]), 0)).toBe(ledger.units);
    expect(rows.reduce((sum, row) => sum + cents(row[12]!), 0)).toBe(ledger.earned);
    for (const row of rows) {
      expect(row).toHaveLength(DISTROKID_COLUMNS.length);
      expect(row[0]).toMatch(/^2026-\d\d-\d\d$/);
      expect(row[1]).toMatch(/^2026-\d\d$/);
      expect(row[8]).toBe("100");
      expect(row[10]).toBe("US");
    }
    expect(rows.some((row) => row[4] === 'Tab\tand "quote"' && row[5] === "US-S1Z-26-00001" && row[6] === "123456789012")).toBe(true);
    const lastYear = csvRows(await (await download("2025.csv")).text()).slice(1);
    expect(lastYear.reduce((sum, row) => sum + Number(row[7]), 0)).toBe((await ledgerYear(2025)).units);
  });
});

describe("the DDEX DSR flat file", () => {
  it("reads back equal to the ledger, with the profile's records and FOOT counts", async () => {
    const response = await download("2026.dsr");
    expect(response.headers.get("Content-Type")).toContain("text/tab-separated-values");
    // Sent by JPlay's own DDEX Party ID, the one its ERN feed sends from.
    expect(response.headers.get("Content-Disposition")).toMatch(new RegExp(`DSR_${env.DDEX_PARTY_ID}_artist_Downloads_2026_US_1of1_\\d{8}T\\d{6}\\.tsv`));
    const lines = (await response.text()).split("\n").filter((line) => line !== "");
    const records = lines.map((line) => line.split("\t"));
    const head = records[0]!;
    expect(head.slice(0, 4)).toEqual(["HEAD", "dsrf/3/20191008", "BasicAudioProfile", "1.2"]);
    expect(head).toHaveLength(16);
    expect(head.slice(8, 11)).toEqual(["2026-01-01", "2026-12-31", env.DDEX_PARTY_ID]);
    const ofType = (type: string) => records.filter((record) => record[0] === type);
    const summaries = ofType("SY01.01");
    const details = ofType("SU01");
    const ledger = await ledgerYear(2026);
    expect(summaries.reduce((sum, record) => sum + Number(record[8]), 0)).toBe(ledger.units);
    expect(summaries.reduce((sum, record) => sum + cents(record[11]!), 0)).toBe(ledger.gross);
    for (const summary of summaries) {
      expect(summary).toHaveLength(15);
      expect(summary.slice(4, 8)).toEqual(["PayAsYouGoModel", "PermanentDownload", "US", "Downloads"]);
      const own = details.filter((record) => record[2] === summary[1]);
      expect(own.reduce((sum, record) => sum + (Number(record[8]) - Number(record[9])) * cents(record[10]!), 0)).toBe(cents(summary[11]!));
    }
    expect(new Set(details.map((record) => record[10]))).toEqual(new Set(["1.99", "0.99"]));
    expect(ofType("RE01")).toHaveLength(3);
    const recordings = ofType("AS01.01");
    expect(recordings.map((record) => record[3]).sort()).toEqual([...songs].sort());
    expect(recordings.find((record) => record[3] === songs[0])!.slice(4, 6)).toEqual(["USS1Z2600001", 'Tab and "quote"']);
    const foot = records.at(-1)!;
    expect(foot).toEqual(["FOOT", String(lines.length), String(lines.length), String(summaries.length), "3", "3"]);
    // Each record has its profile's number of cells.
    for (const [type, width] of [
      ["RE01", 15],
      ["AS01.01", 12],
      ["SU01", 12],
    ] as const)
      for (const record of ofType(type)) expect(record).toHaveLength(width);
  });

  it("refuses a year still to come and another artist's token", async () => {
    expect((await new Browser().fetch(`/api/artist/${token}/statements/2099.dsr`)).status).toBe(400);
    expect((await new Browser().fetch(`/api/artist/${token}x/statements/2026.dsr`)).status).toBe(404);
  });
});
