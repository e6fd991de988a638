/**
 * The CPU the Worker spends rendering Home to HTML (apps/web/src/server/render-home.tsx,
 * docs/decisions/031-server-rendered-home.md), apart from the catalogue reads and the network: the
 * module bundled as the Worker's bundle holds it (wrangler's esbuild, workerd's export conditions, so
 * react-dom's edge server build) and run in this V8, the engine workerd runs. Home with its demo-sized
 * data (4 + 4 songs and a featured one); renders per run after a warm-up; median and p95 per render,
 * and the bytes of markup and embedded data.
 *
 *   node bench/server-render.ts [--renders 500]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { HomePageData, RenderHome } from "../apps/web/src/server/home-page-contract.ts";
import { numberFlag } from "./lib/args.ts";
import { median, percentile } from "./lib/stats.ts";
import { kib, ms, printTable } from "./lib/table.ts";

type SongDto = NonNullable<HomePageData["featured"]>;

const renders = numberFlag("renders", 500);
const repoRoot = path.resolve(import.meta.dirname, "..");

/** What this calls of esbuild (wrangler's dependency, not one of ours, so typed here). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
}

const esbuild = createRequire(path.join(repoRoot, "node_modules/wrangler/package.json"))("esbuild") as Esbuild;
const result = await esbuild.build({
  entryPoints: [path.join(repoRoot, "apps/web/src/server/render-home.tsx")],
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker"],
  define: { "process.env.NODE_ENV": '"production"' },
  write: false,
  logLevel: "silent",
});
const dir = await mkdtemp(path.join(os.tmpdir(), "jplay-server-render-bench-"));
const file = path.join(dir, "render-home.mjs");
await writeFile(file, result.outputFiles[0]!.contents);

try {
  const { renderHome } = (await import(pathToFileURL(file).href)) as { renderHome: RenderHome };
  const song = (n: number): SongDto => ({
    id: `de300000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title: `Demo song number ${n}`,
    artist: `Demo Artist ${n}`,
    coverUrl: `/api/songs/de300000-0000-4000-8000-${String(n).padStart(12, "0")}/cover`,
    audioUrl: `/api/songs/de300000-0000-4000-8000-${String(n).padStart(12, "0")}/audio`,
    createdAt: new Date(Date.UTC(2026, 10, n)).toISOString(),
    price: 1.99,
    explicit: n % 5 === 0,
  });
  const data: HomePageData = { facility: null, popular: [1, 2, 3, 4].map(song), recent: [5, 6, 7, 8].map(song), featured: song(1) };
  const location = { pathname: "/", search: "" };

  for (let i = 0; i < 50; i++) renderHome(data, location); // warms the JIT
  const samples: number[] = [];
  let last = renderHome(data, location);
  for (let i = 0; i < renders; i++) {
    const start = performance.now();
    last = renderHome(data, location);
    samples.push(performance.now() - start);
  }
  printTable(`Home rendered to HTML, ${renders} renders (react-dom/server edge build, renderToString)`, ["figure", "value"], [
    ["median ms per render", ms(median(samples))],
    ["p95 ms per render", ms(percentile(samples, 95))],
    ["markup KiB (#root + head)", kib(last.html.length + last.head.length)],
    ["embedded data KiB", kib(last.dataJson.length)],
    ["bundle KiB (minified)", kib(result.outputFiles[0]!.contents.length)],
  ]);
} finally {
  await rm(dir, { recursive: true, force: true });
}
