/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Watching a server-rendered screen (Home and the listener pages' islands, /distribute) hydrate: the app's script held back until
 * the server's HTML has been looked at, the server's elements remembered, and afterwards whether
 * React kept those very elements (nothing re-created, nothing moved) and what the page reported.
 */
import type { Page } from "playwright-core";

/** Holds the app's entry script until the returned function is called. Call before `goto`. */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Remembers the elements `selector` finds in #root now; answers how many. */
export const rememberServerNodes = (page: Page, selector: string) =>
  page.evaluate((target) => {
    const nodes = Array.from(document.querySelectorAll(`#root :is(${target})`));
    (window as unknown as { serverNodes: Element[] }).serverNodes = nodes;
    return nodes.length;
  }, selector);

/**
 * Whether every remembered element is still in #root: React adopted the server's elements instead of
 * rendering new ones (a hydration mismatch replaces them). Elements the app adds later do not count.
 */
export const serverNodesKept = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { serverNodes: Element[] }).serverNodes;
    const root = document.getElementById("root")!;
    return kept.length > 0 && kept.every((node) => node.isConnected && root.contains(node));
  });

/** The console errors and uncaught errors of `page` from now on (hydration mismatches are among them). */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until every island of a listener page (its `[data-island]` wrapper, app/islands/) is a React
 * root of its own: the islands have all hydrated.
 */
export const waitForIslands = (page: Page) =>
  page.waitForFunction(() => {
    const islands = Array.from(document.querySelectorAll("#root [data-island]")).filter((island) => !island.parentElement?.closest("[data-island]"));
    return islands.length > 0 && islands.every((island) => Object.keys(island).some((key) => key.startsWith("__reactContainer$")));
  });
