/**
 * Both Workers bundled once for a run's throw-away servers (scripts/local-server.ts). Each `wrangler
 * dev` given a bundle serves it as it is (`--no-bundle`) instead of bundling both Workers again and
 * watching their sources: about a CPU-second less per start, and a browser-test run starts about 25
 * servers (docs/decisions/082-browser-test-servers-from-one-bundle.md).
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
