/**
 * One screen rendered to HTML in the Worker inside the browser's own route switch and frame
 * (app/screen-frame.tsx), so the markup is what the browser's first render produces and hydration
 * changes nothing (docs/decisions/031-server-rendered-home.md). Home (render-home.tsx) and
 * /distribute (render-distribute.tsx) are its callers.
 */
import { StrictMode, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { screenFrame } from "@/app/screen-frame";
import type { Language } from "@jplay/schema/language";
import { TranslatorContext } from "@/lib/i18n/translator";
import { LocationProvider } from "@/lib/router/location";
import { RouteSwitch } from "@/lib/router/routes";
import type { RenderedScreen, ScreenLocation } from "./render-contract";
import { translatorFor } from "./translators";

/** Where the frame's Suspense boundary starts in React's server markup. */
const SUSPENSE_START = "<!--$-->";

/** `Screen` at `location` in `language`, matched by `path` as the browser's route table matches it. */
export function renderScreen(path: string, Screen: ComponentType, { pathname, search }: ScreenLocation, language: Language): RenderedScreen {
  const location = { pathname, search, hash: "", state: null, key: "initial" };
  const markup = renderToString(
    <StrictMode>
      <TranslatorContext value={translatorFor(language)}>
        <LocationProvider initial={{ location, type: "POP" }}>
          <RouteSwitch routes={[{ path, Screen }]} frame={screenFrame} />
        </LocationProvider>
      </TranslatorContext>
    </StrictMode>,
  );
  // React writes the tree's <title> and its image preloads first; they belong in the document's
  // head, where the browser's React looks for them, and #root starts with the tree itself.
  const start = markup.indexOf(SUSPENSE_START);
  return { head: markup.slice(0, start), html: markup.slice(start) };
}
