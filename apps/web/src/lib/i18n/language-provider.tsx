/**
 * The browser's translator for every screen, and the way to change it. A page the Worker rendered in
 * one language is hydrated in that language (the same markup), then switched to the language this
 * tablet wants, if that differs (its cookie was cleared, or the service worker kept an older page).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { Language } from "@jplay/schema/language";
import { chooseLanguage, loadTranslator, markDocumentLanguage } from "./language-choice";
import { TranslatorContext, type Translator } from "./translator";

const SwitchLanguageContext = createContext<(language: Language) => void>(() => {});

/** Keeps `language` as this tablet's choice and shows every screen in it. */
export const useSwitchLanguage = () => useContext(SwitchLanguageContext);

/**
 * On a page of islands (docs/decisions/105-listener-pages-as-islands.md) most of the page is the
 * server's HTML in one language: the switch keeps the choice and the Worker renders the page again in it.
 */
export function SwitchLanguageByReload({ children }: { children: ReactNode }) {
  const reload = useCallback((language: Language) => {
    chooseLanguage(language);
    window.location.reload();
  }, []);
  return <SwitchLanguageContext value={reload}>{children}</SwitchLanguageContext>;
}

export function LanguageProvider({ initial, wanted, children }: { initial: Translator; wanted: Language; children: ReactNode }) {
  const [translator, setTranslator] = useState(initial);
  // The last language asked for: a slower Spanish chunk never overrides a later "English".
  const latest = useRef(initial.language);

  const show = useCallback(async (language: Language) => {
    latest.current = language;
    let next: Translator;
    try {
      next = await loadTranslator(language);
    } catch {
      return; // Spanish's chunk could not be fetched (no network): the screens stay as they are
    }
    if (latest.current !== language) return;
    markDocumentLanguage(language);
    setTranslator(next);
  }, []);

  const switchLanguage = useCallback(
    (language: Language) => {
      chooseLanguage(language);
      void show(language);
    },
    [show],
  );

  useEffect(() => {
    if (wanted !== initial.language) void show(wanted);
  }, [initial.language, wanted, show]);

  return (
    <SwitchLanguageContext value={switchLanguage}>
      <TranslatorContext value={translator}>{children}</TranslatorContext>
    </SwitchLanguageContext>
  );
}
