/**
 * The monthly statement as a CSV file (docs/decisions/028-artist-journey.md): the month, a row per
 * song (downloads, gross, the artist's share) with a total, then the month's payouts with their
 * status and the total paid out. Every field is quoted, by the product's CSV writer (schema/src/csv.ts:
 * RFC 4180, CRLF line ends, a title a spreadsheet would run as a formula made inert), and amounts are
 * dollars with two decimals, computed from integer cents. Its headings are in the language the artist
 * reads the page in (platform/translate.ts); amounts keep their dot decimals in both (US Spanish writes
 * them so too, and spreadsheets read them as numbers). No I/O: the route reads the figures
 * (ledger/monthly-statement.ts).
 */
import type { ArtistPayoutStatus } from "@jplay/schema/artist";
import type { Language } from "@jplay/schema/language";
import { csvLine, csvText, type CsvField } from "@jplay/schema/csv";
import { translate } from "../platform/translate";

export interface StatementSongLine {
  title: string;
  downloads: number;
  grossCents: number;
  artistCents: number;
}

export interface StatementPayoutLine {
  /** The payout run's day, `YYYY-MM-DD`. */
  period: string;
  amountCents: number;
  status: ArtistPayoutStatus;
}

export interface MonthlyStatement {
  /** `YYYY-MM`. */
  month: string;
  songs: StatementSongLine[];
  payouts: StatementPayoutLine[];
}

const WORDS = {
  title: /*i18n*/ "JPlay monthly statement",
  song: /*i18n*/ "Song",
  downloads: /*i18n*/ "Downloads",
  gross: /*i18n*/ "Gross sales (USD)",
  share: /*i18n*/ "Your share (USD)",
  total: /*i18n*/ "Total",
  payoutDay: /*i18n*/ "Payout day",
  amount: /*i18n*/ "Amount (USD)",
  status: /*i18n*/ "Status",
  totalPaidOut: /*i18n*/ "Total paid out",
} as const;

const PAYOUT_STATUS: Record<ArtistPayoutStatus, string> = {
  pending: /*i18n*/ "On its way",
  paid: /*i18n*/ "Paid",
  failed: /*i18n*/ "Failed (returned to your balance)",
};

/** Cents as dollars with two decimals, without floating point: 123 → "1.23", -5 → "-0.05". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const line = (...fields: CsvField[]) => csvLine(fields);
const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

export function statementCsv(statement: MonthlyStatement, language: Language = "en"): string {
  const { songs, payouts } = statement;
  const word = (message: string) => translate(language, message);
  const lines = [
    line(word(WORDS.title), statement.month),
    "",
    line(word(WORDS.song), word(WORDS.downloads), word(WORDS.gross), word(WORDS.share)),
    ...songs.map((song) => line(song.title, song.downloads, centsText(song.grossCents), centsText(song.artistCents))),
    line(
      word(WORDS.total),
      sum(songs, (song) => song.downloads),
      centsText(sum(songs, (song) => song.grossCents)),
      centsText(sum(songs, (song) => song.artistCents)),
    ),
    "",
    line(word(WORDS.payoutDay), word(WORDS.amount), word(WORDS.status)),
    ...payouts.map((payout) => line(payout.period, centsText(payout.amountCents), word(PAYOUT_STATUS[payout.status]))),
    line(
      word(WORDS.totalPaidOut),
      centsText(
        sum(
          payouts.filter((payout) => payout.status === "paid"),
          (payout) => payout.amountCents,
        ),
      ),
      "",
    ),
  ];
  return csvText(lines, { finalNewline: true });
}

export const statementFileName = (month: string) => `jplay-statement-${month}.csv`;
