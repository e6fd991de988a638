/**
 * The browser's side of the language: the listener's or artist's choice kept in localStorage (like
 * the theme) and mirrored in the `language` cookie the Worker reads; without a choice, the browser's
 * own preference. Spanish's translator is fetched only when Spanish is wanted.
 */
import { isLanguage, preferredLanguage, type Language } from "@jplay/schema/language";
import { chosenLanguage } from "./language-cookie";
import { english, type Translator } from "./english";

export { chooseLanguage, keepLanguageCookie } from "./language-cookie";

/** The language screens should be in: the choice kept here, else the browser's preference. */
export const wantedLanguage = (): Language => chosenLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);

/** The language a server-rendered page was written in (the Worker sets `<html lang>`). */
export function renderedLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : "en";
}

/** The document says which language it is in (screen readers, hyphenation, the browser's translate offer). */
export function markDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
}

/** The translator for `language`; Spanish's chunk is fetched the first time. */
export async function loadTranslator(language: Language): Promise<Translator> {
  if (language === "en") return english;
  return (await import("./spanish")).spanish;
}
