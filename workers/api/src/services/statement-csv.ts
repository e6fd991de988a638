/**
 * The monthly statement as a CSV file (docs/decisions/028-artist-journey.md): the month, a row per
 * song (downloads, gross, the artist's share) with a total, then the month's payouts with their
 * status and the total paid out. Every field is quoted (RFC 4180, quotes doubled, CRLF line ends)
 * and amounts are dollars with two decimals, computed from integer cents. Song titles are typed by
 * the public, and a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, tab or carriage return
 * as a formula (https://owasp.org/www-community/attacks/CSV_Injection): such a title gets a leading
 * single quote. No I/O: the route reads the figures (services/monthly-statement.ts).
 */
import type { ArtistPayoutStatus } from "@jplay/schema/artist";

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

const PAYOUT_STATUS_TEXT: Record<ArtistPayoutStatus, string> = { pending: "On its way", paid: "Paid", failed: "Failed (returned to your balance)" };

const FORMULA_START = /^[=+\-@\t\r]/;

/** Cents as dollars with two decimals, without floating point: 123 → "1.23", -5 → "-0.05". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const quote = (value: string) => `"${(FORMULA_START.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;
const line = (...fields: (string | number)[]) => fields.map((field) => quote(String(field))).join(",");
const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

export function statementCsv(statement: MonthlyStatement): string {
  const { songs, payouts } = statement;
  const lines = [
    line("JPlay monthly statement", statement.month),
    "",
    line("Song", "Downloads", "Gross sales (USD)", "Your share (USD)"),
    ...songs.map((song) => line(song.title, song.downloads, centsText(song.grossCents), centsText(song.artistCents))),
    line("Total", sum(songs, (song) => song.downloads), centsText(sum(songs, (song) => song.grossCents)), centsText(sum(songs, (song) => song.artistCents))),
    "",
    line("Payout day", "Amount (USD)", "Status"),
    ...payouts.map((payout) => line(payout.period, centsText(payout.amountCents), PAYOUT_STATUS_TEXT[payout.status])),
    line("Total paid out", centsText(sum(payouts.filter((payout) => payout.status === "paid"), (payout) => payout.amountCents)), ""),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export const statementFileName = (month: string) => `jplay-statement-${month}.csv`;
