/** Translation for listener and artist screens (docs/decisions/035-i18n-library.md). */
export { useI18n, english, type Translator } from "./translator";
export type { MessageValues } from "./format-message";
export { LanguageProvider, useSwitchLanguage } from "./language-provider";
export { keepLanguageCookie, loadTranslator, markDocumentLanguage, renderedLanguage, wantedLanguage } from "./language-choice";
