/**
 * What a translator is, and English's, without React: a page's start (main.tsx, app/islands/) chooses
 * its language before any React is loaded. translator.ts puts them in a context for the screens.
 */
import type { Language } from "@jplay/schema/language";
import { formatSourceMessage, type MessageValues } from "@jplay/schema/format-message";

export interface Translator {
  readonly language: Language;
  /** `message` (English, with `{name}` placeholders) in this language, `values` filled in. */
  _(message: string, values?: MessageValues): string;
}

export const english: Translator = { language: "en", _: formatSourceMessage };
