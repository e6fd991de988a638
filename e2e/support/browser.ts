/**
 * One Chromium per browser-test file; `newPage()` gives a page in a fresh incognito context, closed
 * after the test that opened it; the browser closes after the file. The project's files share this
 * module (e2e/vitest.config.ts: isolate false), so the hooks that close them are registered per file
 * by support/per-file.ts.
 */
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import type { TestContext } from "vitest";
import { launchChromium } from "../../scripts/chromium.ts";

let browser: Promise<Browser> | undefined;
const openContexts: Array<() => Promise<void>> = [];
/** Each open page with the last API answers and console errors it had, reported when its test fails. */
const openPages: Array<{ page: Page; answers: string[]; errors: string[] }> = [];
const ANSWERS_KEPT = 15;

/** After each test: reports the pages of a failed one, then closes every context it opened. */
export async function closeTestPages({ task }: TestContext): Promise<void> {
  if (task.result?.state === "fail") await Promise.all(openPages.map(reportPage));
  openPages.splice(0);
  await Promise.all(openContexts.splice(0).map((close) => close()));
}

/**
 * What a failed test's page showed: its address, its toasts, where focus was, the API answers it last
 * received and its console errors (a hydration React recovered from by rendering again is among them).
 */
async function reportPage({ page, answers, errors }: { page: Page; answers: string[]; errors: string[] }): Promise<void> {
  if (page.isClosed()) return;
  const toasts = await page
    .locator("[data-sonner-toast]")
    .allInnerTexts()
    .catch(() => []);
  const focus = await page
    .evaluate(() => {
      const focused = document.activeElement;
      if (focused === document.body) return "body";
      return focused ? `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ""} "${(focused.textContent ?? "").trim().slice(0, 40)}"` : "none";
    })
    .catch(() => "unknown");
  console.error(
    [
      `page at ${page.url()}`,
      `toasts: ${JSON.stringify(toasts)}`,
      `focus: ${focus}`,
      "last API answers:",
      ...answers.map((line) => `  ${line}`),
      "console errors:",
      ...errors.map((line) => `  ${line}`),
    ].join("\n"),
  );
}

/** After each file: closes its browser, so the next file launches its own. */
export async function closeBrowser(): Promise<void> {
  const launched = browser;
  browser = undefined;
  if (launched) await (await launched).close();
}

/**
 * `options`: the context's, e.g. `{ javaScriptEnabled: false }` for what a page shows before any script
 * runs. The app's service worker is blocked unless a test asks for it (`serviceWorkers: "allow"`, the
 * offline test): requests it makes itself would pass by the answers a test sets with `page.route`.
 */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  browser ??= launchChromium();
  const context = await (await browser).newContext({ serviceWorkers: "block", ...options });
  openContexts.push(() => context.close());
  const page = await context.newPage();
  const answers: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    answers.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    if (answers.length > ANSWERS_KEPT) answers.shift();
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && errors.length < ANSWERS_KEPT) errors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (errors.length < ANSWERS_KEPT) errors.push(error.message);
  });
  openPages.push({ page, answers, errors });
  return page;
}

/**
 * Waits until React has hydrated `selector`'s element of a server-rendered page (docs/decisions/031-server-rendered-home.md):
 * before that the page shows, but its buttons are HTML without their handlers. On a page of islands
 * (the listener's pages, docs/decisions/105-listener-pages-as-islands.md) an element inside an island
 * must have been hydrated as that island's; one outside every island is static HTML that is never
 * hydrated, so waiting for it is waiting until every island of the page has.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    if (!element) return false;
    const reactKey = (node: Element, prefix: string) => Object.keys(node).some((key) => key.startsWith(prefix));
    if (reactKey(element, "__reactProps$")) return true;
    const root = document.getElementById("root");
    const islands = Array.from(document.querySelectorAll("#root [data-island]")).filter((island) => !island.parentElement?.closest("[data-island]"));
    const pageOfIslands = !!root && !reactKey(root, "__reactContainer$") && islands.length > 0;
    return pageOfIslands && !element.closest("[data-island]") && islands.every((island) => reactKey(island, "__reactContainer$"));
  }, selector);
}
