/**
 * Reading back the JSON block a server-rendered Home embeds (home-page-data.ts writes it), without
 * the app: the page's first script (src/early-taps.ts) finds the songs a tap before hydration plays in it.
 */
import type { HomePageData } from "@/server/render-contract";

export const HOME_PAGE_DATA_ID = "home-page-data";

/** The block the server embedded, if this page has one that can be read. */
export function readHomePageData(): HomePageData | null {
  const text = document.getElementById(HOME_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as HomePageData;
  } catch {
    return null;
  }
}
