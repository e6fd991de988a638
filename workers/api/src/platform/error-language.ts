/**
 * Error messages in the reader's language (docs/decisions/035-i18n-library.md): listeners and artists
 * read them in the language the app shows (platform/request-language.ts); the admin portal, the provider's
 * calls and webhooks stay English. A message is translated (platform/translate.ts) when the Spanish
 * catalogue holds it (it was marked where it is written, platform/errors.ts); any other stays as written.
 */
import type { Context } from "hono";
import type { Language } from "@jplay/schema/language";
import type { MessageValues } from "@jplay/schema/format-message";
import type { AppEnv } from "./env";
import { requestLanguage } from "./request-language";
import { hasSpanish, translate } from "./translate";

/** Paths whose readers are operators or machines: answered in English whatever the browser says. */
const ENGLISH_ONLY = /^\/api\/(admin|provider|webhooks|stripe-sandbox|dev)(\/|$)/;

/** The language this request's errors are written in. */
export const errorLanguage = (c: Context<AppEnv>): Language => (ENGLISH_ONLY.test(c.req.path) ? "en" : requestLanguage(c));

/** `message` (as written, with `values` for its placeholders) in `language`; `english` is its English text. */
export function messageIn(language: Language, message: string, english: string, values?: MessageValues): string {
  if (language === "en" || !hasSpanish(message)) return english;
  return translate(language, message, values);
}
