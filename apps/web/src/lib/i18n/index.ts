/**
 * Translation for listener and artist screens (docs/decisions/035-i18n-library.md). What every screen
 * needs, Home included; sentences with elements in them are `./with-elements` and money and dates
 * `./format-values`, imported on their own so Home's chunks do not carry them.
 */
export { useI18n, english, type Translator } from "./translator";
export type { MessageValues } from "@jplay/schema/format-message";
export { LanguageProvider, useSwitchLanguage } from "./language-provider";
export { keepLanguageCookie, loadTranslator, markDocumentLanguage, renderedLanguage, wantedLanguage } from "./language-choice";
