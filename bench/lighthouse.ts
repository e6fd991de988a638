/**
 * Tablet profile Lighthouse for `/` and `/distribute` (or the pages `--pages` lists): Debian's Chromium (CHROME_PATH) through
 * chrome-launcher, the performance and accessibility categories, mobile form factor at a tablet's screen, network
 * 700 Kbps / 300 ms RTT, CPU slowdown = this machine's benchmark index ÷ 100 (read from a first
 * calibration run's `environment.benchmarkIndex`, printed). A run whose trace Lighthouse could not read
 * (NO_NAVSTART) is run again, at most twice, and counted in the title. Median of --runs runs (default 5): LCP,
 * TBT, CLS, performance score, accessibility score (and the accessibility audits that failed, if any).
 *
 * `--reports <dir>` also writes each run's full Lighthouse report there as JSON (what the LCP element
 * was, what blocked rendering, the main thread's work), to read with any JSON viewer.
 *
 * `--explain` prints, for each simulated run, what the simulation counted into LCP: every request and
 * main-thread task of its pessimistic graph with its simulated start and end, in the order they ended
 * (bench/lib/lantern-explain.ts). The LCP is the last end; the rows before it are why.
 *
 * `--pages` lists the paths to audit, comma-separated; `song` and `artist` stand for the first popular
 * song's page and its artist's, and `listener` for Home, `/browse`, both of those and a search
 * (the listener pages, docs/decisions/105-listener-pages-as-islands.md). The load average before each
 * page's runs is printed beside its figures.
 *
 *   node bench/lighthouse.ts [--runs 5] [--throttling simulate|devtools] [--slowdown <n>] [--pages /,/distribute] [--reports <dir>] [--explain]
 */
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { artistPath } from "../schema/src/catalogue-paths.ts";
import { booleanFlag, numberFlag, stringFlag } from "./lib/args.ts";
import { printLcpGraph } from "./lib/lantern-explain.ts";
import { withSession } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";
import { TABLET_NETWORK, TABLET_SCREEN } from "./lib/tablet.ts";

const runs = numberFlag("runs", 5);
const throttlingMethod = stringFlag("throttling", "simulate") as "simulate" | "devtools";
const fixedSlowdown = numberFlag("slowdown", 0);
const reportsDir = stringFlag("reports", "");
const explain = booleanFlag("explain");
let reportsWritten = 0;
const pagesFlag = stringFlag("pages", "/,/distribute");

/** The listener pages (`--pages listener`), `song` and `artist` among them. */
const LISTENER_PAGES = ["/", "/browse", "song", "artist", "/search?q=love"];

/** The paths `--pages` names, `song` and `artist` read from the server's popular songs. */
async function pagesToAudit(baseURL: string): Promise<string[]> {
  const named = pagesFlag.split(",").flatMap((page) => (page === "listener" ? LISTENER_PAGES : [page.trim()]));
  if (!named.some((page) => page === "song" || page === "artist")) return named;
  const response = await fetch(`${baseURL}/api/songs/popular`);
  const songs: { id: string; artist: string }[] = await response.json();
  const [first] = songs;
  if (!first) throw new Error("the demo catalogue has no popular song");
  return named.map((page) => (page === "song" ? `/songs/${first.id}` : page === "artist" ? artistPath(first.artist) : page));
}

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface AuditFigures {
  benchmarkIndex: number;
  lcp: number;
  tbt: number;
  cls: number;
  score: number;
  accessibility: number;
  accessibilityFailures: string[];
}

/** Lighthouse's own advice for a run whose trace lost its navigation start: run it again. */
const RETRIED_ERRORS = new Set(["NO_NAVSTART"]);
let retriedRuns = 0;

/** One Lighthouse run in its own Chromium; `retry` names an error Lighthouse says to run again after. */
async function auditOnce(url: string, cpuSlowdownMultiplier: number): Promise<AuditFigures | { retry: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
      {
        extends: "lighthouse:default",
        settings: {
          formFactor: "mobile",
          screenEmulation: { mobile: true, ...TABLET_SCREEN, disabled: false },
          throttlingMethod,
          throttling: {
            rttMs: TABLET_NETWORK.rttMs,
            throughputKbps: TABLET_NETWORK.kbps,
            requestLatencyMs: TABLET_NETWORK.rttMs,
            downloadThroughputKbps: TABLET_NETWORK.kbps,
            uploadThroughputKbps: TABLET_NETWORK.kbps,
            cpuSlowdownMultiplier,
          },
        },
      },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (reportsDir) {
      await mkdir(reportsDir, { recursive: true });
      const name = `${String(++reportsWritten).padStart(2, "0")}-${new URL(url).pathname.replace(/\W+/g, "_")}.json`;
      await writeFile(path.join(reportsDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError && RETRIED_ERRORS.has(lhr.runtimeError.code)) return { retry: lhr.runtimeError.code };
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (explain && throttlingMethod === "simulate" && cpuSlowdownMultiplier > 1) printLcpGraph(url, cpuSlowdownMultiplier);
    return {
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
      accessibility: (lhr.categories.accessibility?.score ?? Number.NaN) * 100,
      accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    await chrome.kill();
  }
}

async function audit(url: string, cpuSlowdownMultiplier: number): Promise<AuditFigures> {
  for (let attempt = 1; ; attempt++) {
    const figures = await auditOnce(url, cpuSlowdownMultiplier);
    if (!("retry" in figures)) return figures;
    if (attempt === 3) throw new Error(`Lighthouse: ${figures.retry} three times for ${url}`);
    retriedRuns++;
    console.error(`${url}: ${figures.retry}, running again`);
  }
}

await withSession(async ({ server }) => {
  const calibration = await audit(`${server.baseURL}/`, 1);
  const slowdown = fixedSlowdown > 0 ? fixedSlowdown : Math.max(1, calibration.benchmarkIndex / 100);
  console.error(`benchmark index ${calibration.benchmarkIndex.toFixed(0)} → CPU slowdown ${slowdown.toFixed(2)}`);
  const rows: (string | number)[][] = [];
  for (const page of await pagesToAudit(server.baseURL)) {
    const load = loadavg()[0]!.toFixed(1);
    const samples = [];
    for (let i = 0; i < runs; i++) {
      samples.push(await audit(`${server.baseURL}${page}`, slowdown));
      console.error(`${page}: run ${i + 1}/${runs}`);
    }
    rows.push([
      page,
      median(samples.map((s) => s.lcp)).toFixed(0),
      median(samples.map((s) => s.tbt)).toFixed(0),
      median(samples.map((s) => s.cls)).toFixed(3),
      median(samples.map((s) => s.score)).toFixed(0),
      median(samples.map((s) => s.accessibility)).toFixed(0),
      [...new Set(samples.flatMap((s) => s.accessibilityFailures))].join(", ") || "none",
      median(samples.map((s) => s.benchmarkIndex)).toFixed(0),
      load,
    ]);
  }
  printTable(
    `Lighthouse, tablet profile (${TABLET_NETWORK.kbps} Kbps, ${TABLET_NETWORK.rttMs} ms RTT, ${throttlingMethod}), CPU slowdown ${slowdown.toFixed(2)} = benchmark index ${calibration.benchmarkIndex.toFixed(0)} ÷ 100, median of ${runs}${retriedRuns ? ` (${retriedRuns} run(s) repeated after ${[...RETRIED_ERRORS].join("/")})` : ""}`,
    ["page", "LCP ms", "TBT ms", "CLS", "score", "a11y score", "a11y audits failed", "bench index", "load"],
    rows,
  );
});
