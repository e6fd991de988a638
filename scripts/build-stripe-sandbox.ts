/**
 * Bundles the Stripe sandbox Worker (workers/stripe-sandbox) to JavaScript, for the Worker tests,
 * which run it as an auxiliary Worker beside the product (Miniflare takes auxiliary Workers built).
 * `wrangler dev` bundles it by itself.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { repoRoot, runWrangler } from "./wrangler-env.ts";

export const sandboxDir = path.join(repoRoot, "workers/stripe-sandbox");
/** Where a test project's copy of the bundle goes: each project builds its own, as the projects' configs load at once. */
export const sandboxBundleDir = (project: string) => path.join(sandboxDir, "dist", project);

export interface BundledModule {
  type: "ESModule" | "Text";
  path: string;
}

/** Builds `project`'s bundle and answers its modules (the entry first, then the migration files as text). */
export async function buildStripeSandbox(project: string): Promise<BundledModule[]> {
  const outDir = sandboxBundleDir(project);
  await rm(outDir, { recursive: true, force: true });
  await runWrangler(["deploy", "--dry-run", "-c", path.join(sandboxDir, "wrangler.toml"), "--outdir", outDir]);
  const files = await readdir(outDir);
  const text = files.filter((file) => file.endsWith(".sql")).map((file): BundledModule => ({ type: "Text", path: path.join(outDir, file) }));
  return [{ type: "ESModule", path: path.join(outDir, "index.js") }, ...text];
}
