/**
 * The Worker's one way to write a message in a reader's language (docs/decisions/035-i18n-library.md),
 * for error answers, texts to phones and statements alike: a message is marked where it is written
 * (an `i18n` block comment before the string), `lingui extract` collects it into
 * src/locales/{en,es}/messages.po and `lingui compile` writes the Spanish catalogue read here. English
 * is the source text with its placeholders filled; a message the catalogue does not hold stays English.
 */
import { setupI18n } from "@lingui/core";
import { INTL_LOCALE, type Language } from "@jplay/schema/language";
import { formatSourceMessage, type MessageValues } from "@jplay/schema/format-message";
import { messages as spanishMessages } from "../locales/es/messages";

const spanish = setupI18n({ locale: "es", locales: [INTL_LOCALE.es], messages: { es: spanishMessages } });

/** Whether the Spanish catalogue holds `message`. */
export const hasSpanish = (message: string): boolean => Object.hasOwn(spanishMessages, message);

/** `message` in `language`, its `{name}` placeholders filled from `values`. */
export function translate(language: Language, message: string, values?: MessageValues): string {
  if (language === "en" || !hasSpanish(message)) return formatSourceMessage(message, values);
  return spanish._(message, values);
}
