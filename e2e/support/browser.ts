/**
 * Chromium for the browser tests: `CHROME_PATH`, else Debian's /usr/bin/chromium, else the Chromium
 * shipped inside the `@sparticuz/chromium` npm package (so a machine with only Node.js and npm can
 * run them). One browser per test file, a fresh incognito context per page.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll } from "vitest";

/** Flags for a closed network (no background calls to Google) and audio without a user gesture. */
const OFFLINE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

async function chromiumExecutable(): Promise<{ path: string; args: string[] }> {
  const configured = process.env.CHROME_PATH;
  if (configured) return { path: configured, args: [] };
  if (existsSync("/usr/bin/chromium")) return { path: "/usr/bin/chromium", args: [] };
  const packaged = (await import("@sparticuz/chromium")).default;
  // Its build needs its own process model; its web-security relaxations are left out on purpose.
  const keep = packaged.args.filter((arg) => /^--(single-process|no-zygote|use-gl|use-angle|enable-unsafe-swiftshader|in-process-gpu|disable-setuid-sandbox)/.test(arg));
  return { path: await packaged.executablePath(), args: keep };
}

let browser: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  browser ??= chromiumExecutable().then(({ path, args }) =>
    chromium.launch({ executablePath: path, headless: true, args: [...OFFLINE_FLAGS, ...args] }),
  );
  return browser;
}

afterAll(async () => {
  if (browser) await (await browser).close();
});

export async function openPage(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await (await sharedBrowser()).newContext();
  const page = await context.newPage();
  return { page, close: () => context.close() };
}
