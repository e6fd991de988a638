/**
 * The page's start. A listener page the Worker rendered is a page of islands: its HTML stays as it
 * is and only what a finger can touch is hydrated, each part on its own (app/islands/,
 * docs/decisions/105-listener-pages-as-islands.md). Every other screen starts the single-page app
 * (app/start-app.tsx), a chunk a listener page never downloads.
 */
import { currentFacility, rememberFacilityFromAddress } from "./features/catalogue/facility-choice";
import { rememberListenerFromAddress } from "./features/library/listener-token";
import { forgetStoredArtistLink } from "./lib/kept-after-payment";
import { keepLanguageCookie, wantedLanguage } from "./lib/i18n/language-choice";
import { isIslandPage } from "./app/islands/island-page";
import { startIslands } from "./app/islands/start-islands";
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

if (isIslandPage(root, currentFacility())) startIslands();
else void import("./app/start-app").then(({ startApp }) => startApp(root, wanted));
