/**
 * The admin CSV export (docs/product.md, Data; Prices and limits): one row per song of each payment method, the product's
 * columns, file name `jpay-payment-data-YYYY-MM-DD.csv`, written by the product's CSV writer
 * (schema/src/csv.ts: RFC 4180 quoting, formula starts made inert). Text columns are always quoted.
 */
import type { AdminPaymentRecord } from "@jplay/schema/admin";
import { csvLine, csvText } from "@jplay/schema/csv";

export const CSV_COLUMNS = [
  "Artist Name",
  "Artist Phone",
  "Card Brand",
  "Last 4",
  "Song Title",
  "Song Status",
  "Distribution Fee",
  "Processing Payment",
] as const;

/** Text columns are quoted; the fee (a number, or empty) is not. */
const QUOTED_COLUMNS = CSV_COLUMNS.map((column) => column !== "Distribution Fee");

type CsvRow = [string, string, string, string, string, string, number | "", string];

/** The rows of the export: a row per song; a payment method without songs still gets its own row. */
export function paymentCsvRows(records: readonly AdminPaymentRecord[]): CsvRow[] {
  const rows: CsvRow[] = [];
  for (const record of records) {
    const card = [record.artistName, record.artistPhone, record.cardBrand, record.last4] as const;
    if (record.songs.length === 0) {
      rows.push([...card, "", "", "", ""]);
      continue;
    }
    for (const song of record.songs) {
      const fee = typeof song.distributionFee === "number" ? Number(song.distributionFee.toFixed(2)) : "";
      rows.push([...card, song.title, song.status, fee, song.processingPayment ? "Yes" : "No"]);
    }
  }
  return rows;
}

/** The whole file's text (CRLF line ends, header first). */
export function paymentsCsv(records: readonly AdminPaymentRecord[]): string {
  return csvText([csvLine(CSV_COLUMNS, QUOTED_COLUMNS), ...paymentCsvRows(records).map((row) => csvLine(row, QUOTED_COLUMNS))]);
}

/** `jpay-payment-data-YYYY-MM-DD.csv`, in the operator's own calendar day. */
export function paymentsCsvFileName(now: Date = new Date()): string {
  const yyyy = String(now.getFullYear()).padStart(4, "0");
  const mm = String(now.getMonth() + 1).padStart(2, "0");
  const dd = String(now.getDate()).padStart(2, "0");
  return `jpay-payment-data-${yyyy}-${mm}-${dd}.csv`;
}

/**
 * Hands the file to the browser. A byte order mark goes first so spreadsheet programs read the
 * names as UTF-8 rather than the system code page.
 */
export function downloadPaymentsCsv(records: readonly AdminPaymentRecord[], now: Date = new Date()): void {
  const blob = new Blob(["\uFEFF", paymentsCsv(records)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = paymentsCsvFileName(now);
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
