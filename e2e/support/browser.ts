/**
 * One Chromium per browser-test file; `newPage()` gives a page in a fresh incognito context, closed
 * after the test that opened it; the browser closes after the file.
 */
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach } from "vitest";
import { launchChromium } from "../../scripts/chromium.ts";

let browser: Promise<Browser> | undefined;
const openContexts: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((close) => close()));
});

afterAll(async () => {
  if (browser) await (await browser).close();
});

/** `options`: the context's, e.g. `{ javaScriptEnabled: false }` for what a page shows before any script runs. */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  browser ??= launchChromium();
  const context = await (await browser).newContext(options);
  openContexts.push(() => context.close());
  return context.newPage();
}
