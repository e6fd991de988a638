/**
 * The set-up every benchmark shares: a throw-away copy of the product (`wrangler dev` on loopback with
 * the demo catalogue) and, when asked, Chromium; both stopped whatever happens, so a benchmark never
 * leaves a server or a browser running.
 */
import type { Browser } from "playwright-core";
import { launchChromium } from "../../scripts/chromium.ts";
import { startLocalServer, type LocalServer, type LocalServerOptions } from "../../scripts/local-server.ts";

export interface BenchSession {
  server: LocalServer;
  /** Launched on first use. */
  browser(extraArgs?: string[]): Promise<Browser>;
}

export async function withSession<T>(run: (session: BenchSession) => Promise<T>, options: LocalServerOptions = {}): Promise<T> {
  const started = Date.now();
  const server = await startLocalServer(options);
  console.error(`server ready at ${server.baseURL} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let browser: Promise<Browser> | undefined;
  try {
    return await run({ server, browser: (extraArgs = []) => (browser ??= launchChromium(extraArgs)) });
  } finally {
    if (browser) await (await browser).close().catch(() => {});
    await server.stop();
  }
}
