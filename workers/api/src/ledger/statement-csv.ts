/**
 * The monthly statement as a CSV file (docs/decisions/028-artist-journey.md): the month, a row per
 * song (downloads, gross, the artist's share) with a total, then the month's payouts with their
 * status and the total paid out. Every field is quoted (RFC 4180, quotes doubled, CRLF line ends)
 * and amounts are dollars with two decimals, computed from integer cents. Song titles are typed by
 * the public, and a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, tab or carriage return
 * as a formula (https://owasp.org/www-community/attacks/CSV_Injection): such a title gets a leading
 * single quote. Its headings are in the language the artist reads the page in; amounts keep their
 * dot decimals in both (US Spanish writes them so too, and spreadsheets read them as numbers). No
 * I/O: the route reads the figures (ledger/monthly-statement.ts).
 */
import type { ArtistPayoutStatus } from "@jplay/schema/artist";
import type { Language } from "@jplay/schema/language";

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

interface StatementWords {
  title: string;
  songHeadings: readonly [string, string, string, string];
  total: string;
  payoutHeadings: readonly [string, string, string];
  totalPaidOut: string;
  payoutStatus: Record<ArtistPayoutStatus, string>;
}

const WORDS: Record<Language, StatementWords> = {
  en: {
    title: "JPlay monthly statement",
    songHeadings: ["Song", "Downloads", "Gross sales (USD)", "Your share (USD)"],
    total: "Total",
    payoutHeadings: ["Payout day", "Amount (USD)", "Status"],
    totalPaidOut: "Total paid out",
    payoutStatus: { pending: "On its way", paid: "Paid", failed: "Failed (returned to your balance)" },
  },
  es: {
    title: "Estado de cuenta mensual de JPlay",
    songHeadings: ["Canción", "Descargas", "Ventas brutas (USD)", "Tu parte (USD)"],
    total: "Total",
    payoutHeadings: ["Día de pago", "Importe (USD)", "Estado"],
    totalPaidOut: "Total pagado",
    payoutStatus: { pending: "En camino", paid: "Pagado", failed: "Fallido (devuelto a tu saldo)" },
  },
};

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

export function statementCsv(statement: MonthlyStatement, language: Language = "en"): string {
  const { songs, payouts } = statement;
  const words = WORDS[language];
  const lines = [
    line(words.title, statement.month),
    "",
    line(...words.songHeadings),
    ...songs.map((song) => line(song.title, song.downloads, centsText(song.grossCents), centsText(song.artistCents))),
    line(words.total, sum(songs, (song) => song.downloads), centsText(sum(songs, (song) => song.grossCents)), centsText(sum(songs, (song) => song.artistCents))),
    "",
    line(...words.payoutHeadings),
    ...payouts.map((payout) => line(payout.period, centsText(payout.amountCents), words.payoutStatus[payout.status])),
    line(words.totalPaidOut, centsText(sum(payouts.filter((payout) => payout.status === "paid"), (payout) => payout.amountCents)), ""),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export const statementFileName = (month: string) => `jplay-statement-${month}.csv`;
