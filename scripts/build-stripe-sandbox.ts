/**
 * Bundles the Stripe sandbox Worker (workers/stripe-sandbox) to JavaScript, for the Worker tests,
 * which run it as an auxiliary Worker beside the product (Miniflare takes auxiliary Workers built).
 * `wrangler dev` bundles it by itself.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { repoRoot, runWrangler } from "./wrangler-env.ts";

export const sandboxDir = path.join(repoRoot, "workers/stripe-sandbox");
export const sandboxBundleDir = path.join(sandboxDir, "dist");

export interface BundledModule {
  type: "ESModule" | "Text";
  path: string;
}

/** Builds the bundle and answers its modules (the entry first, then the migration files as text). */
export async function buildStripeSandbox(): Promise<BundledModule[]> {
  await rm(sandboxBundleDir, { recursive: true, force: true });
  await runWrangler(["deploy", "--dry-run", "-c", path.join(sandboxDir, "wrangler.toml"), "--outdir", sandboxBundleDir]);
  const files = await readdir(sandboxBundleDir);
  const text = files.filter((file) => file.endsWith(".sql")).map((file): BundledModule => ({ type: "Text", path: path.join(sandboxBundleDir, file) }));
  return [{ type: "ESModule", path: path.join(sandboxBundleDir, "index.js") }, ...text];
}
