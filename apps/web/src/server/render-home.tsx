/**
 * Home rendered to HTML in the Worker, from the same components the browser hydrates: the router's
 * own route switch and frame (app/screen-frame.tsx) with Home as its one route, so the markup is what
 * the browser's first render produces (docs/decisions/031-server-rendered-home.md). The Worker puts
 * `head` in the document's head (in place of its <title>) and `html` in #root.
 *
 * The read cache is module state: it is seeded with `data`, the tree is rendered by the synchronous
 * renderToString, and the cache is emptied again before anything else can run in this isolate, so
 * one request's catalogue never reaches another's page.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { HOME_PAGE_DATA_ID, homePageReads, serializeHomePageData } from "@/app/home-page-data";
import { Component as Home } from "@/app/routes/home";
import { screenFrame } from "@/app/screen-frame";
import { invalidateReads, seedReads } from "@/lib/read-cache";
import { LocationProvider } from "@/lib/router/location";
import { RouteSwitch } from "@/lib/router/routes";
import type { RenderHome } from "./home-page-contract";

/** Where the frame's Suspense boundary starts in React's server markup. */
const SUSPENSE_START = "<!--$-->";

export const renderHome: RenderHome = (data, { pathname, search }) => {
  const location = { pathname, search, hash: "", state: null, key: "initial" };
  seedReads(homePageReads(data));
  try {
    const markup = renderToString(
      <StrictMode>
        <LocationProvider initial={{ location, type: "POP" }}>
          <RouteSwitch routes={[{ path: "/", Screen: Home }]} frame={screenFrame} />
        </LocationProvider>
      </StrictMode>,
    );
    // React writes the tree's <title> and its image preloads first; they belong in the document's
    // head, where the browser's React looks for them, and #root starts with the tree itself.
    const start = markup.indexOf(SUSPENSE_START);
    return {
      head: markup.slice(0, start),
      html: markup.slice(start),
      dataJson: serializeHomePageData(data),
      dataElementId: HOME_PAGE_DATA_ID,
    };
  } finally {
    invalidateReads("");
  }
};
