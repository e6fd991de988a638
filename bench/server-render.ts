/**
 * The CPU the Worker spends rendering Home and /distribute to HTML (apps/web/src/server/render-home.tsx,
 * render-distribute.tsx; docs/decisions/031-server-rendered-home.md), apart from the catalogue reads
 * and the network: each module bundled as the Worker's bundle holds it (wrangler's esbuild, workerd's
 * export conditions, so react-dom's edge server build) and run in this V8, the engine workerd runs.
 * Home with its demo-sized data (4 + 4 songs and a featured one); renders per run after a warm-up;
 * median and p95 per render, and the bytes of markup and embedded data.
 *
 *   node bench/server-render.ts [--renders 500]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { HomePageData, RenderDistribute, RenderHome, RenderedScreen } from "../apps/web/src/server/render-contract.ts";
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
const dir = await mkdtemp(path.join(os.tmpdir(), "jplay-server-render-bench-"));
/** The module at `entry` bundled as the Worker holds it, written to `dir`; its file and size. */
async function bundle(entry: string) {
  const result = await esbuild.build({
    entryPoints: [path.join(repoRoot, entry)],
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
  const file = path.join(dir, `${path.basename(entry, ".tsx")}.mjs`);
  const contents = result.outputFiles[0]!.contents;
  await writeFile(file, contents);
  return { url: pathToFileURL(file).href, bytes: contents.length };
}

/** Median and p95 ms of `renders` calls of `render` after a warm-up, and its last result. */
function timeRenders<T>(render: () => T) {
  for (let i = 0; i < 50; i++) render(); // warms the JIT
  const samples: number[] = [];
  let last = render();
  for (let i = 0; i < renders; i++) {
    const start = performance.now();
    last = render();
    samples.push(performance.now() - start);
  }
  return { median: median(samples), p95: percentile(samples, 95), last };
}

const markupBytes = (screen: RenderedScreen) => screen.html.length + screen.head.length;

try {
  const homeBundle = await bundle("apps/web/src/server/render-home.tsx");
  const distributeBundle = await bundle("apps/web/src/server/render-distribute.tsx");
  const { renderHome } = (await import(homeBundle.url)) as { renderHome: RenderHome };
  const { renderDistribute } = (await import(distributeBundle.url)) as { renderDistribute: RenderDistribute };
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

  const home = timeRenders(() => renderHome(data, { pathname: "/", search: "" }, "en"));
  const homeSpanish = timeRenders(() => renderHome(data, { pathname: "/", search: "" }, "es"));
  const distribute = timeRenders(() => renderDistribute({ pathname: "/distribute", search: "" }, "en"));
  printTable(
    `Screens rendered to HTML, ${renders} renders each (react-dom/server edge build, renderToString)`,
    ["figure", "Home", "Home (Spanish)", "/distribute"],
    [
      ["median ms per render", ms(home.median), ms(homeSpanish.median), ms(distribute.median)],
      ["p95 ms per render", ms(home.p95), ms(homeSpanish.p95), ms(distribute.p95)],
      ["markup KiB (#root + head)", kib(markupBytes(home.last)), kib(markupBytes(homeSpanish.last)), kib(markupBytes(distribute.last))],
      ["embedded data KiB", kib(home.last.dataJson.length), kib(homeSpanish.last.dataJson.length), "none"],
      ["bundle KiB (minified)", kib(homeBundle.bytes), kib(homeBundle.bytes), kib(distributeBundle.bytes)],
    ],
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
