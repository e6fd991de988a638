/**
 * Both Workers bundled once for a run's throw-away servers (scripts/local-server.ts). Each `wrangler
 * dev` given a bundle serves it as it is (`--no-bundle`) instead of bundling both Workers again and
 * watching their sources: about a CPU-second less per start, and a browser-test run starts about 25
 * servers (docs/decisions/082-browser-test-servers-from-one-bundle.md).
 *
 * A bundled server has no `--test-scheduled` route, which wrangler adds only while bundling: its cron
 * is run through Miniflare's own `/cdn-cgi/handler/scheduled` (`cronTrigger`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildStripeSandbox } from "./build-stripe-sandbox.ts";
import { repoRoot, runWrangler } from "./wrangler-env.ts";

export interface BundledWorkers {
  /** The product's bundle (wrangler.toml's Worker), with the WebAssembly modules it imports beside it. */
  productMain: string;
  /** The Stripe sandbox's bundle, with its migrations beside it. */
  sandboxMain: string;
}

export interface ServerBundle extends BundledWorkers {
  /** Deletes the product's bundle (the sandbox's is rebuilt in place by the next run). */
  remove(): Promise<void>;
}

/** Bundles the product as `wrangler deploy` would (no deploy: `--dry-run`), and the sandbox, side by side. */
export async function bundleServers(): Promise<ServerBundle> {
  const productDir = await mkdtemp(path.join(os.tmpdir(), "jplay-bundle-"));
  try {
    const [, sandboxModules] = await Promise.all([
      runWrangler(["deploy", "--dry-run", "-c", path.join(repoRoot, "wrangler.toml"), "--outdir", productDir]),
      buildStripeSandbox("servers"),
    ]);
    return {
      productMain: path.join(productDir, "index.js"),
      sandboxMain: sandboxModules[0]!.path,
      remove: () => rm(productDir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(productDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs `cron` on `baseURL`'s Worker now, as Cloudflare's trigger would, and answers once the run has
 * ended: 200 "ok", or 500 with its outcome if the handler threw. Works on every local server, bundled
 * or not (Miniflare's handler route, not wrangler's `--test-scheduled` one).
 */
export function cronTrigger(baseURL: string, cron: string): Promise<Response> {
  return fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
}
