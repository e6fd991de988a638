/**
 * The browser's side of the language: the listener's or artist's choice kept in localStorage (like
 * the theme) and mirrored in the `language` cookie the Worker reads; without a choice, the browser's
 * own preference. Spanish's translator is fetched only when Spanish is wanted.
 */
import { LANGUAGE_COOKIE, isLanguage, preferredLanguage, type Language } from "@jplay/schema/language";
import { storage } from "@/lib/storage";
import { english, type Translator } from "./translator";

export const LANGUAGE_STORAGE_KEY = "language";
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie

/** The language chosen on this tablet, if one was. */
function chosenLanguage(): Language | null {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** The language screens should be in: the choice kept here, else the browser's preference. */
export const wantedLanguage = (): Language => chosenLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);

/** The language a server-rendered page was written in (the Worker sets `<html lang>`). */
export function renderedLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : "en";
}

function writeCookie(language: Language | null): void {
  const attributes = `Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  document.cookie = language
    ? `${LANGUAGE_COOKIE}=${language}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; ${attributes}`
    : `${LANGUAGE_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** The cookie says what localStorage says: a tablet whose cookies were cleared gets it back. */
export const keepLanguageCookie = () => writeCookie(chosenLanguage());

/** Keeps `language` as this tablet's choice. */
export function chooseLanguage(language: Language): void {
  storage.set(LANGUAGE_STORAGE_KEY, language);
  writeCookie(language);
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
