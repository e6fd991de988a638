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

/** "$1,234.50" from cents, as `language` writes US dollars (English and US Spanish alike write them so). */
export function formatMoney(cents: number, language: Language): string {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[language], { style: "currency", currency: "USD" });
    moneyFormats.set(language, format);
  }
  return format.format(cents / 100);
}
