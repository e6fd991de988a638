/** The Worker renders pages in either language: both translators, Spanish's catalogue included. */
import type { Language } from "@jplay/schema/language";
import { spanish } from "@/lib/i18n/spanish";
import { english, type Translator } from "@/lib/i18n/translator";

export const translatorFor = (language: Language): Translator => (language === "es" ? spanish : english);
