/**
 * Money and dates as the screen's language writes them, through `Intl` (docs/decisions/035-i18n-library.md):
 * amounts are integer cents everywhere else, US dollars always. Money is written by the schema's
 * `formatMoney`, which the Worker's texts share.
 */
import { INTL_LOCALE, type Language } from "@jplay/schema/language";

export { formatMoney } from "@jplay/schema/language";

/** A date (an ISO string or a Date) in `language`, with `options` such as `{ dateStyle: "medium" }`. */
export function formatDate(date: string | Date, language: Language, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], options).format(typeof date === "string" ? new Date(date) : date);
}
