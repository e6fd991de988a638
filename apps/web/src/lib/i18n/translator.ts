/**
 * What a component translates with: `const i18n = useI18n(); i18n._("Trending Songs")`. The English
 * source text is the message's id, so English screens read as they always have and `lingui extract`
 * finds every message from the `i18n._(…)` calls (docs/decisions/035-i18n-library.md). A label kept
 * in a constant outside a component is marked for extraction by an `i18n` block comment just before
 * its string, and passed to `i18n._` where it is shown.
 */
import { createContext, useContext } from "react";
import { english, type Translator } from "./english";

export { english, type Translator };

/** The screens' translator: the browser's LanguageProvider or the Worker's server render sets it. */
export const TranslatorContext = createContext<Translator>(english);

export const useI18n = (): Translator => useContext(TranslatorContext);
