/**
 * The artist's yearly sales as a DDEX DSR flat file (docs/decisions/101-sales-reports.md; README,
 * "Standards implemented" and "The DSR record layout"): the Basic Audio Profile 1.2 for sales to
 * record companies, tab-separated, one report in one file — HEAD, a SY01.01 summary per vendor
 * (pay-as-you-go permanent downloads in the US, in USD), a block per song (RE01 the single, AS01.01 its
 * sound recording, an SU01 per summary and price paid), FOOT with its counts. JPlay is the sender and
 * the artist the recipient. Amounts are decimal dollars from integer cents. Pure: the route streams it.
 */
import { centsText } from "../ledger/index";
import type { DsrRow } from "./read-export-rows";

export const DSR_PROFILE = "BasicAudioProfile";
export const DSR_PROFILE_VERSION = "1.2";
/** The version of the profile's schema namespace (http://ddex.net/xml/dsrf/3/20191008). */
export const DSR_MESSAGE_VERSION = "dsrf/3/20191008";
/** The sender when DDEX_PARTY_ID holds no DPID (a local or test Worker): a placeholder of the DPID pattern. */
export const PLACEHOLDER_SENDER_DPID = "PADPIDAJPLAY0000000";

/** A cell never holds the file's delimiters: tabs and line breaks become spaces. */
const cell = (value: string | number | null) => String(value ?? "").replace(/[\t\r\n]+/g, " ");
const record = (...cells: Array<string | number | null>) => `${cells.map(cell).join("\t")}\n`;

export interface DsrHead {
  messageId: string;
  createdAt: string;
  year: number;
  recipientName: string;
  /** JPlay's DPID (the Worker's DDEX_PARTY_ID, as the ERN feed's sender), or null for the placeholder. */
  senderPartyId: string | null;
}

/** The summary records and each song's block, in file order; the caller streams the strings. */
export function* dsrFlatFile(head: DsrHead, rows: readonly DsrRow[]): Generator<string> {
  const vendors = [...new Set(rows.map((row) => row.vendor))].sort();
  const summaryOf = new Map(vendors.map((vendor, index) => [vendor, `SY${index + 1}`]));
  let lines = 0;
  const emit = (line: string) => {
    lines++;
    return line;
  };
  yield emit(
    record(
      "HEAD",
      DSR_MESSAGE_VERSION,
      DSR_PROFILE,
      DSR_PROFILE_VERSION,
      head.messageId,
      head.createdAt,
      1,
      1,
      `${head.year}-01-01`,
      `${head.year}-12-31`,
      head.senderPartyId ?? PLACEHOLDER_SENDER_DPID,
      "JPlay",
      "Downloads",
      "",
      head.recipientName,
      "",
    ),
  );
  for (const vendor of vendors) {
    const sold = rows.filter((row) => row.vendor === vendor);
    const usages = sold.reduce((sum, row) => sum + row.units - row.returns, 0);
    const gross = sold.reduce((sum, row) => sum + row.grossCents, 0);
    yield emit(
      record(
        "SY01.01",
        summaryOf.get(vendor)!,
        vendor,
        "",
        "PayAsYouGoModel",
        "PermanentDownload",
        "US",
        "Downloads",
        usages,
        "",
        "USD",
        centsText(gross),
        "",
        "",
        "",
      ),
    );
  }
  const songIds = [...new Set(rows.map((row) => row.songId))];
  for (const [index, songId] of songIds.entries()) {
    const block = `B${index + 1}`;
    const sold = rows.filter((row) => row.songId === songId);
    const song = sold[0]!;
    yield emit(record("RE01", block, "R1", songId, "", "", song.upc, song.artistName, "", song.title, "", "Single", "", "", ""));
    yield emit(
      record("AS01.01", block, "A1", songId, song.isrc?.replace(/[^A-Za-z0-9]/g, "") ?? "", song.title, "", song.artistName, "", "", "SoundRecording", ""),
    );
    for (const row of sold) {
      const transaction = `${songId}-${summaryOf.get(row.vendor)}-${row.priceCents}`;
      yield emit(
        record("SU01", block, summaryOf.get(row.vendor)!, transaction, "R1", "A1", "true", "false", row.units, row.returns, centsText(row.priceCents), ""),
      );
    }
  }
  const total = lines + 1;
  yield record("FOOT", total, total, vendors.length, songIds.length, songIds.length);
}

export const dsrFileName = (year: number, createdAt: string, senderPartyId: string | null) =>
  `DSR_${senderPartyId ?? PLACEHOLDER_SENDER_DPID}_artist_Downloads_${year}_US_1of1_${createdAt.replace(/[-:]/g, "").slice(0, 15)}.tsv`;
