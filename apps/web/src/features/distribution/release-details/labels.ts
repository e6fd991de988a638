/**
 * The names screens give the release metadata's fixed values, in the screen's language: genres
 * credit roles and languages are marked for translation here (not `Intl.DisplayNames`, whose names
 * differ between the server's ICU and the tablet's, which would break hydration).
 * What is stored and delivered is always the value itself (schema/src/release-metadata.ts).
 */
import type { CreditRole, Genre, LYRICS_LANGUAGES } from "@jplay/schema/release-metadata";

export const GENRE_LABELS: Record<Genre, string> = {
  Alternative: /*i18n*/ "Alternative",
  Blues: /*i18n*/ "Blues",
  "Children's Music": /*i18n*/ "Children's Music",
  "Christian & Gospel": /*i18n*/ "Christian & Gospel",
  Classical: /*i18n*/ "Classical",
  Comedy: /*i18n*/ "Comedy",
  Country: /*i18n*/ "Country",
  Dance: /*i18n*/ "Dance",
  Electronic: /*i18n*/ "Electronic",
  Folk: /*i18n*/ "Folk",
  "Hip-Hop/Rap": /*i18n*/ "Hip-Hop/Rap",
  Jazz: /*i18n*/ "Jazz",
  Latin: /*i18n*/ "Latin",
  Metal: /*i18n*/ "Metal",
  Pop: /*i18n*/ "Pop",
  "R&B/Soul": /*i18n*/ "R&B/Soul",
  Reggae: /*i18n*/ "Reggae",
  Rock: /*i18n*/ "Rock",
  "Singer/Songwriter": /*i18n*/ "Singer/Songwriter",
  "Spoken Word": /*i18n*/ "Spoken Word",
  World: /*i18n*/ "World",
};

export const CREDIT_ROLE_LABELS: Record<CreditRole, string> = {
  performer: /*i18n*/ "Performer",
  composer: /*i18n*/ "Composer",
  lyricist: /*i18n*/ "Lyricist",
  producer: /*i18n*/ "Producer",
  featured_artist: /*i18n*/ "Featured artist",
};

export const LYRICS_LANGUAGE_LABELS: Record<(typeof LYRICS_LANGUAGES)[number], string> = {
  en: /*i18n*/ "English",
  es: /*i18n*/ "Spanish",
  pt: /*i18n*/ "Portuguese",
  fr: /*i18n*/ "French",
  ht: /*i18n*/ "Haitian Creole",
  it: /*i18n*/ "Italian",
  de: /*i18n*/ "German",
  zh: /*i18n*/ "Chinese",
  vi: /*i18n*/ "Vietnamese",
  tl: /*i18n*/ "Tagalog",
  ko: /*i18n*/ "Korean",
  ar: /*i18n*/ "Arabic",
  ru: /*i18n*/ "Russian",
  pl: /*i18n*/ "Polish",
};
