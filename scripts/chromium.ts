/**
 * Chromium for browser tests and benchmarks: `CHROME_PATH`, else Debian's /usr/bin/chromium, else the
 * Chromium shipped inside the `@sparticuz/chromium` npm package, so a machine with only Node.js and
 * npm can run them too.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

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
  // Its own launch flags are for AWS Lambda: `--single-process` makes the browser exit with its first
  // closed context, and it turns web security off. Ours are enough on a normal machine.
  const packaged = (await import("@sparticuz/chromium")).default;
  return { path: await packaged.executablePath(), args: [] };
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const { path, args } = await chromiumExecutable();
  return chromium.launch({ executablePath: path, headless: true, args: [...OFFLINE_FLAGS, ...args, ...extraArgs] });
}
