/**
 * Home rendered to HTML in the Worker, from the same components the browser hydrates
 * (render-screen.tsx; docs/decisions/031-server-rendered-home.md). The Worker puts `head` in the
 * document's head (in place of its <title>) and `html` in #root.
 *
 * The read cache is module state: it is seeded with `data`, the tree is rendered by the synchronous
 * renderToString, and the cache is emptied again before anything else can run in this isolate, so
 * one request's catalogue never reaches another's page.
 */
import { HOME_PAGE_DATA_ID, homePageReads, serializeHomePageData } from "@/app/home-page-data";
import { Component as Home } from "@/app/routes/home";
import { forgetReads, seedReads } from "@/lib/read-cache";
import type { RenderHome } from "./render-contract";
import { renderScreen } from "./render-screen";

export const renderHome: RenderHome = (data, location, language) => {
  seedReads(homePageReads(data));
  try {
    return { ...renderScreen("/", Home, location, language), dataJson: serializeHomePageData(data), dataElementId: HOME_PAGE_DATA_ID };
  } finally {
    forgetReads("");
  }
};
