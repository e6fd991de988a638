/**
 * The header's language switch: one button naming the other language in that language ("Español",
 * "English"), so a listener who cannot read the current one still finds it. The choice is kept on
 * the tablet (lib/i18n/language-choice.ts) and every screen changes at once, nothing reloaded.
 */
import type { Language } from "@jplay/schema/language";
import { useI18n, useSwitchLanguage } from "@/lib/i18n";

/** Each language's name in itself; never translated. */
const OWN_NAME: Record<Language, string> = { en: "English", es: "Español" };

export function LanguageSwitch() {
  const { language } = useI18n();
  const switchLanguage = useSwitchLanguage();
  const other: Language = language === "en" ? "es" : "en";
  return (
    <button
      type="button"
      lang={other}
      onClick={() => switchLanguage(other)}
      data-early-tap="language"
      data-language={other}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg"
    >
      {OWN_NAME[other]}
    </button>
  );
}
