/**
 * Bundles Worker source for a benchmark run in Node as wrangler's bundler would hold it (esbuild,
 * workerd's conditions, the decoder's Web Worker shim), written to a temporary module to import.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const repoRoot = path.resolve(import.meta.dirname, "../..");

interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
}
const esbuild = createRequire(path.join(repoRoot, "node_modules/wrangler/package.json"))("esbuild") as Esbuild;

/** `source`: an ES module's text, its imports relative to workers/api. Returns the bundle's URL. */
export async function bundleWorkerCode(source: string): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: path.join(repoRoot, "workers/api"), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker"],
    alias: { "@eshaz/web-worker": path.join(repoRoot, "workers/api/src/distribution/audio-decode/no-web-worker.ts") },
    absWorkingDir: path.join(repoRoot, "workers/api"),
    write: false,
    logLevel: "silent",
  });
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "jplay-bench-")), "bundle.mjs");
  await writeFile(file, result.outputFiles[0]!.contents);
  return pathToFileURL(file).href;
}

/** The MP3 decoder's WebAssembly, compiled as the Worker's bundler does. */
export async function mpg123Module(): Promise<WebAssembly.Module> {
  return new WebAssembly.Module(await readFile(path.join(repoRoot, "workers/api/vendor/mpg123-decoder.wasm")));
}
