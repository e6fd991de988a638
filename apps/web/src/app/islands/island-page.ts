/**
 * Whether this page is a page of islands (docs/decisions/105-listener-pages-as-islands.md): a listener
 * page the Worker rendered (Home at `/`, a browsing screen #root names) for the facility this tablet
 * keeps. Anything else (another facility's page, the service worker's copy of Home at another
 * address, a screen the Worker did not render) starts the single-page app.
 */
import { HOME_PAGE_DATA_ID, LISTENER_PAGE_DATA_ID } from "../listener-page-block";

/** The facility a page's data block was rendered for; undefined when the page has no readable block. */
function renderedFacility(blockId: string): string | null | undefined {
  try {
    const data: unknown = JSON.parse(document.getElementById(blockId)?.textContent ?? "");
    if (data && typeof data === "object" && "facility" in data) {
      const { facility } = data;
      if (facility === null || typeof facility === "string") return facility;
    }
  } catch {
    // No block, or not one this page can read.
  }
  return undefined;
}

export function isIslandPage(container: HTMLElement, facility: string | null): boolean {
  const path = window.location.pathname;
  const blockId = path === "/" ? HOME_PAGE_DATA_ID : container.dataset.screen === path ? LISTENER_PAGE_DATA_ID : null;
  return blockId !== null && renderedFacility(blockId) === facility;
}
