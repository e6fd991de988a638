/** One Chromium per browser-test file, a fresh incognito context per page; closed after the file. */
import type { Browser, Page } from "playwright-core";
import { afterAll } from "vitest";
import { launchChromium } from "../../scripts/chromium.ts";

let browser: Promise<Browser> | undefined;

afterAll(async () => {
  if (browser) await (await browser).close();
});

export async function openPage(): Promise<{ page: Page; close(): Promise<void> }> {
  browser ??= launchChromium();
  const context = await (await browser).newContext();
  const page = await context.newPage();
  return { page, close: () => context.close() };
}
