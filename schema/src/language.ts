/**
 * The languages listener and artist screens, texts and statements come in (admin stays English), how
 * a browser's preference picks one, and the cookie the web app keeps the choice in so the Worker
 * renders pages and writes texts in it (docs/decisions/035-i18n-library.md).
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the source text (docs/product.md): what a browser that prefers neither language gets. */
export const SOURCE_LANGUAGE: Language = "en";

/** Written by the web app with the listener's or artist's choice; read by the Worker. */
export const LANGUAGE_COOKIE = "language";

/** The locale `Intl` writes money, numbers and dates in for each language. */
export const INTL_LOCALE: Record<Language, string> = { en: "en-US", es: "es-US" };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of `tags` (BCP 47, most wanted first: "es-MX", "en") that JPlay speaks; English otherwise. */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return SOURCE_LANGUAGE;
}

/** An Accept-Language header's tags, most wanted first (by `q`, then by order); "*" and q=0 left out. */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== "" && tag !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

const moneyFormats = new Map<Language, Intl.NumberFormat>();

/** `Intl`'s own writing of an amount: the reference formatMoney is tested against. */
export function intlMoney(cents: number, language: Language): string {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[language], { style: "currency", currency: "USD" });
    moneyFormats.set(language, format);
  }
  return format.format(cents / 100);
}

/** "1234567" → "1,234,567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * "$1,234.50" from cents, as `language` writes US dollars: English (en-US) and US Spanish (es-US) write
 * them alike, exactly as `Intl` does (schema/src/language.test.ts holds the two together). Written here
 * rather than by `Intl.NumberFormat` because a page's first currency format costs Chromium about 17 ms
 * of locale set-up (`node bench/intl-first-use.ts`), which a tablet's CPU makes about 0.4 s of blocked
 * main thread on the first render of `/distribute` and the artist's screens. Whole cents only (money is
 * integer cents); anything else, and -0, is left to `Intl`.
 */
export function formatMoney(cents: number, language: Language): string {
  if (!Number.isSafeInteger(cents) || Object.is(cents, -0)) return intlMoney(cents, language);
  const whole = Math.abs(cents);
  const dollars = groupThousands(String(Math.floor(whole / 100)));
  return `${cents < 0 ? "-" : ""}$${dollars}.${String(whole % 100).padStart(2, "0")}`;
}
