/**
 * The product's one CSV writer (RFC 4180), shared by the admin's payment export (apps/web) and the
 * artist's monthly statement (the Worker): a field with a comma, a quote or a line break is quoted and
 * its quotes doubled; lines end in CRLF. People type artist names, phone numbers and song titles, and
 * a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, tab or carriage return as a formula
 * (https://owasp.org/www-community/attacks/CSV_Injection): such a text cell gets a leading single
 * quote. Numbers are written as they are: a negative number is not a formula.
 */

export type CsvField = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: quoted when `quoted` asks for it or the text needs it. */
export function csvCell(field: CsvField, quoted = true): string {
  const text = typeof field === "number" ? String(field) : FORMULA_START.test(field) ? `'${field}` : field;
  return quoted || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells; `quoted` is one choice for every cell, or one per column. */
export function csvLine(fields: readonly CsvField[], quoted: boolean | readonly boolean[] = true): string {
  return fields.map((field, column) => csvCell(field, typeof quoted === "boolean" ? quoted : (quoted[column] ?? true))).join(",");
}

/** Lines joined with CRLF; `finalNewline` ends the last one too. */
export const csvText = (lines: readonly string[], { finalNewline = false } = {}): string => lines.join("\r\n") + (finalNewline ? "\r\n" : "");
