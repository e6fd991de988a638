/**
 * The language chosen on this tablet, kept in localStorage (like the theme) and mirrored in the
 * `language` cookie the Worker reads. No translator here, so a tap on the language switch before the
 * app runs (src/early-taps.ts) keeps the choice the same way the app does.
 */
import { LANGUAGE_COOKIE, isLanguage, type Language } from "@jplay/schema/language";
import { storage } from "@/lib/storage";

const LANGUAGE_STORAGE_KEY = "language";
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie

/** The language chosen on this tablet, if one was. */
export function chosenLanguage(): Language | null {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

function writeCookie(language: Language | null): void {
  const attributes = `Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  // No language: the cookie is dropped (an empty value that expires now).
  document.cookie = `${LANGUAGE_COOKIE}=${language ?? ""}; Max-Age=${language ? COOKIE_MAX_AGE_SECONDS : 0}; ${attributes}`;
}

/** The cookie says what localStorage says: a tablet whose cookies were cleared gets it back. */
export const keepLanguageCookie = () => writeCookie(chosenLanguage());

/** Keeps `language` as this tablet's choice. */
export function chooseLanguage(language: Language): void {
  storage.set(LANGUAGE_STORAGE_KEY, language);
  writeCookie(language);
}
