/**
 * Keeps the signed-in artist's stored language in step with the one the app shows, so their texts
 * and statements are written in the language they use JPlay in (docs/decisions/035-i18n-library.md).
 * Renders nothing; a browser without an artist sends nothing.
 */
import { useEffect, useRef } from "react";
import { useI18n } from "@/lib/i18n";
import { refreshMe, useMe } from "../api/get-me";
import { setMyLanguage } from "../api/set-my-language";

export function KeepArtistLanguage() {
  const { language } = useI18n();
  const stored = useMe().data?.artist?.language;
  // The language last sent, so a slow answer is not asked for twice; cleared when it fails.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (stored === undefined || stored === language || sent.current === language) return;
    sent.current = language;
    setMyLanguage(language).then(refreshMe, () => {
      sent.current = null;
    });
  }, [stored, language]);

  return null;
}
