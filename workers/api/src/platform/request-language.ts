/**
 * The language a request is answered in (pages, error messages) and an artist is stored with: the
 * one chosen in the app (its `language` cookie), else the first the browser prefers that JPlay speaks
 * (Accept-Language), else English (docs/decisions/035-i18n-library.md).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { LANGUAGE_COOKIE, acceptLanguageTags, isLanguage, preferredLanguage, type Language } from "@jplay/schema/language";
import type { AppEnv } from "./env";

export function requestLanguage(c: Context<AppEnv>): Language {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : preferredLanguage(acceptLanguageTags(c.req.header("Accept-Language")));
}
