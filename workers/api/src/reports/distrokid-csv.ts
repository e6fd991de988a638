/**
 * The artist's yearly sales as a CSV in DistroKid's columns (docs/decisions/101-sales-reports.md;
 * README, "Sales exports"), so a spreadsheet built on DistroKid's export reads JPlay's unchanged: one
 * row per reporting day, sale month, store and song. Headings stay in English in every language, as
 * DistroKid's do (a spreadsheet finds its columns by them); amounts are dollars with two decimals
 * from integer cents; every field quoted by the product's CSV writer. Pure: the route streams it.
 */
import { csvLine } from "@jplay/schema/csv";
import { centsText } from "../ledger/index";
import type { ExportRow } from "./read-export-rows";

export const DISTROKID_COLUMNS = [
  "Reporting Date",
  "Sale Month",
  "Store",
  "Artist",
  "Title",
  "ISRC",
  "UPC",
  "Quantity",
  "Team Percentage",
  "Song/Album",
  "Country of Sale",
  "Songwriter Royalties Withheld",
  "Earnings (USD)",
] as const;

/** The store a vendor's sales are reported under. */
export const storeName = (vendor: string) => `JPlay tablets (${vendor})`;

/** The artist's part of the credit after their song's split, as a percentage with up to two decimals (100 without one). */
export function teamPercentage(earnedCents: number, creditedCents: number): number {
  if (creditedCents === 0) return 100;
  return Math.round((earnedCents * 10_000) / creditedCents) / 100;
}

export const distrokidHeader = () => `${csvLine(DISTROKID_COLUMNS)}\r\n`;

export function distrokidLine(row: ExportRow): string {
  return `${csvLine([
    row.reportingDate,
    row.saleMonth,
    storeName(row.vendor),
    row.artistName,
    row.title,
    row.isrc ?? "",
    row.upc ?? "",
    row.units,
    teamPercentage(row.earnedCents, row.creditedCents),
    "Song",
    // Every facility is in the United States.
    "US",
    "0.00",
    centsText(row.earnedCents),
  ])}\r\n`;
}

export const distrokidFileName = (year: number) => `jplay-sales-${year}.csv`;
