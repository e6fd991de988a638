/**
 * The set-up every benchmark shares: a throw-away copy of the product (`wrangler dev` on loopback with
 * the demo catalogue) and, when asked, Chromium; both stopped whatever happens (SIGINT and SIGTERM
 * included), so a benchmark never leaves a server or a browser running.
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
  const stopAll = async () => {
    if (browser) await (await browser).close().catch(() => {});
    await server.stop();
  };
  // Stopped from outside (Ctrl-C, a job's time limit): the server's own process group goes too.
  const onSignal = (signal: NodeJS.Signals) => void stopAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await run({ server, browser: (extraArgs = []) => (browser ??= launchChromium(extraArgs)) });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await stopAll();
  }
}
