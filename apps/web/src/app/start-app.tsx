/**
 * The single-page app's start, for every screen that is not a page of islands (main.tsx decides;
 * docs/decisions/105-listener-pages-as-islands.md): the artist's, the operator's, /distribute, and a
 * listener's screen the Worker did not render for this tablet (another facility's, the service
 * worker's offline copy at another address). It is a chunk of its own, so a listener page never
 * downloads the router and the screens.
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prefetchFeaturedSong } from "@/features/catalogue/api/get-featured-song";
import { prefetchPopularSongs } from "@/features/catalogue/api/get-popular-songs";
import { prefetchRecentSongs } from "@/features/catalogue/api/get-recent-songs";
import { english, LanguageProvider, loadTranslator, markDocumentLanguage, renderedLanguage, type Translator } from "@/lib/i18n";
import type { Language } from "@jplay/schema/language";
import { AppRouter, serverRenderedScreens } from "./router";

const app = (translator: Translator, wanted: Language) => (
  <StrictMode>
    <LanguageProvider initial={translator} wanted={wanted}>
      <AppRouter />
    </LanguageProvider>
  </StrictMode>
);

/**
 * Server-rendered HTML is hydrated in the language it was written in (then switched, if this tablet
 * wants another); null when that language's chunk cannot be fetched, and the app renders afresh.
 */
const renderedTranslator = () => loadTranslator(renderedLanguage()).catch(() => null);

/**
 * A screen the Worker rendered for this path (#root names it: /distribute): hydrated once its chunks
 * are here. Anything else renders afresh; Home's reads start while its code chunk downloads (no
 * waterfall on slow Wi-Fi).
 */
export async function startApp(container: HTMLElement, wanted: Language) {
  const path = window.location.pathname;
  const loadRenderedScreen = Object.hasOwn(serverRenderedScreens, path) ? serverRenderedScreens[path] : undefined;
  if (loadRenderedScreen && container.dataset.screen === path) {
    const [translator] = await Promise.all([renderedTranslator(), loadRenderedScreen()]);
    if (translator) {
      hydrateRoot(container, app(translator, wanted));
      return;
    }
  }
  if (path === "/") {
    prefetchPopularSongs();
    prefetchRecentSongs();
    prefetchFeaturedSong();
  }
  const translator = await loadTranslator(wanted).catch(() => english);
  markDocumentLanguage(translator.language);
  createRoot(container).render(app(translator, wanted));
}
