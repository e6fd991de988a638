import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { homePageReads, readHomePageData } from "./app/home-page-data";
import { readListenerPageData } from "./app/listener-page-block";
import { prefetchFeaturedSong } from "./features/catalogue/api/get-featured-song";
import { prefetchPopularSongs } from "./features/catalogue/api/get-popular-songs";
import { prefetchRecentSongs } from "./features/catalogue/api/get-recent-songs";
import { currentFacility, rememberFacilityFromAddress } from "./features/catalogue/facility";
import { rememberListenerFromAddress } from "./features/library/listener-token";
import { seedReads } from "./lib/read-cache";
import { forgetStoredArtistLink } from "./lib/kept-after-payment";
import {
  english,
  keepLanguageCookie,
  LanguageProvider,
  loadTranslator,
  markDocumentLanguage,
  renderedLanguage,
  wantedLanguage,
  type Translator,
} from "./lib/i18n";
import { AppRouter, listenerScreenChunks, loadHome, serverRenderedScreens } from "./app/router";
import "./features/offline/register-service-worker";
import "./features/offline/network-from-service-worker";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A tablet opened at /?facility=<id> keeps its facility for every catalogue read, this one included.
rememberFacilityFromAddress();
// A tablet the provider opened at /?listener=<signed token> shows that listener's purchases under Library.
rememberListenerFromAddress();
// An artist page link an earlier version kept where any script could read it: the cookie keeps it now.
forgetStoredArtistLink();

// The language this tablet wants (its choice, else the browser's); its cookie tells the Worker.
const wanted = wantedLanguage();
keepLanguageCookie();

const app = (translator: Translator) => (
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
 * Home rendered by the Worker (docs/decisions/031-server-rendered-home.md): hydrated with the data it
 * was rendered with, once Home's chunk is here, so nothing is fetched again and nothing on the page
 * changes. Rendered for another facility than this tablet keeps (it kept one before the facility
 * cookie existed): this tablet's own catalogue is read and rendered instead, never the other one.
 */
async function start(container: HTMLElement) {
  const rendered = window.location.pathname === "/" ? readHomePageData() : null;
  if (rendered && rendered.facility === currentFacility()) {
    seedReads(homePageReads(rendered));
    const [translator] = await Promise.all([renderedTranslator(), loadHome()]);
    if (translator) {
      hydrateRoot(container, app(translator));
      return;
    }
  }
  // A browsing screen the Worker rendered with its reads (app/listener-page-data.ts), for this
  // tablet's facility: hydrated with them once the screen's chunk is here, as Home is.
  const listenerPage = container.dataset.screen === window.location.pathname ? readListenerPageData() : null;
  const listenerChunk = listenerPage ? listenerScreenChunks[listenerPage.screen] : undefined;
  if (listenerPage && listenerChunk && listenerPage.facility === currentFacility()) {
    seedReads(new Map(listenerPage.reads));
    const [translator] = await Promise.all([renderedTranslator(), listenerChunk()]);
    if (translator) {
      hydrateRoot(container, app(translator));
      return;
    }
  }
  // Another screen the Worker rendered for this path (#root names it; the service worker's offline
  // page for any path is Home's): hydrated once its chunks are here.
  const loadRenderedScreen = serverRenderedScreens[window.location.pathname];
  if (loadRenderedScreen && container.dataset.screen === window.location.pathname) {
    const [translator] = await Promise.all([renderedTranslator(), loadRenderedScreen()]);
    if (translator) {
      hydrateRoot(container, app(translator));
      return;
    }
  }
  // Home's reads start while its code chunk downloads (no waterfall on slow Wi-Fi).
  if (window.location.pathname === "/") {
    prefetchPopularSongs();
    prefetchRecentSongs();
    prefetchFeaturedSong();
  }
  const translator = await loadTranslator(wanted).catch(() => english);
  markDocumentLanguage(translator.language);
  createRoot(container).render(app(translator));
}

void start(root);
