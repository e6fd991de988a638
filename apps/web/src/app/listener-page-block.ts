/**
 * The JSON block a server-rendered browsing page embeds (app/listener-page-data.ts writes it): the
 * screen, the facility and the reads it made. Kept apart and small: main.tsx reads it on every start.
 */
import type { EmbeddedListenerPage } from "@/server/render-contract";

export const LISTENER_PAGE_DATA_ID = "listener-page-data";

/** The block the server embedded, if this page has one that can be read. */
export function readListenerPageData(): EmbeddedListenerPage | null {
  const text = document.getElementById(LISTENER_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as EmbeddedListenerPage;
  } catch {
    return null;
  }
}
