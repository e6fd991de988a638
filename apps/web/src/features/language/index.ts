/** Choosing the language of listener and artist screens (docs/decisions/035-i18n-library.md). */
export { LanguageSwitch } from "./language-switch";
