/**
 * Spanish: Lingui's runtime with the compiled Spanish catalogue (locales/es). Its own chunk in the
 * browser, fetched only when Spanish is chosen (language-choice.ts), so English visits never carry it;
 * the Worker imports it to render pages in Spanish.
 */
import { setupI18n } from "@lingui/core";
import { INTL_LOCALE } from "@jplay/schema/language";
import { messages } from "@/locales/es/messages";
import type { Translator } from "./translator";

const lingui = setupI18n({ locale: "es", locales: [INTL_LOCALE.es], messages: { es: messages } });

export const spanish: Translator = { language: "es", _: (message, values) => lingui._(message, values) };
