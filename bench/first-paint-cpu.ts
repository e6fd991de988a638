/**
 * First paint on the tablet's CPU alone, for `/` and `/distribute`: CPU slowdown = benchmark index ÷ 100
 * through CDP, the network not throttled, as on a repeat visit whose code is already at hand (the
 * case where the app's JavaScript could run before the page is shown). Each run is a fresh browser
 * context at the tablet's screen. Measured inside the page: first contentful paint, largest contentful
 * paint, and the main thread's blocking time after the first paint (long tasks' time over 50 ms, until
 * the page has been quiet for 3 s): what the page's own parsing, rendering and hydration cost on that
 * CPU, apart from the network. Medians of --runs (default 7); one first load is not counted.
 *
 *   node bench/first-paint-cpu.ts [--runs 7] [--slowdown <n>]
 */
import type { Browser } from "playwright-core";
import { numberFlag } from "./lib/args.ts";
import { withSession } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";
import { TABLET_CONTEXT, tabletSlowdown } from "./lib/tablet.ts";

const runs = numberFlag("runs", 7);
const fixedSlowdown = numberFlag("slowdown", 0);
const PAGES = ["/", "/distribute"];
/** A page is settled once no long task has started for this long. */
const QUIET_MS = 3_000;

/** What the page records about itself (an init script, so from its first byte): long tasks, LCP. */
interface PageRecord {
  longTasks: [start: number, duration: number][];
  lcp: number;
}
type RecordingWindow = Window & { paintBench?: PageRecord };

interface PaintFigures {
  fcp: number;
  lcp: number;
  blocking: number;
}

async function loadOnce(chromium: Browser, url: string, slowdown: number): Promise<PaintFigures> {
  const context = await chromium.newContext(TABLET_CONTEXT);
  try {
    await context.addInitScript(() => {
      const seen: PageRecord = { longTasks: [], lcp: 0 };
      (window as RecordingWindow).paintBench = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(
      (quietMs) => {
        const { longTasks } = (window as RecordingWindow).paintBench!;
        const last = longTasks.reduce((end, [start, duration]) => Math.max(end, start + duration), 0);
        return performance.now() - last > quietMs;
      },
      QUIET_MS,
      { timeout: 120_000, polling: 500 },
    );
    return await page.evaluate(() => {
      const { longTasks, lcp } = (window as RecordingWindow).paintBench!;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      const blocking = longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { fcp, lcp, blocking };
    });
  } finally {
    await context.close();
  }
}

await withSession(async ({ server, browser }) => {
  const chromium = await browser();
  const { benchmarkIndex, slowdown } = await tabletSlowdown(chromium, fixedSlowdown);

  const rows: (string | number)[][] = [];
  for (const path of PAGES) {
    const url = `${server.baseURL}${path}`;
    await loadOnce(chromium, url, slowdown); // the server's first render and edge copy, not counted
    const samples: PaintFigures[] = [];
    for (let i = 0; i < runs; i++) {
      samples.push(await loadOnce(chromium, url, slowdown));
      console.error(`${path}: run ${i + 1}/${runs}`);
    }
    rows.push([
      path,
      median(samples.map((s) => s.fcp)).toFixed(0),
      median(samples.map((s) => s.lcp)).toFixed(0),
      median(samples.map((s) => s.blocking)).toFixed(0),
      `${Math.min(...samples.map((s) => s.fcp)).toFixed(0)}–${Math.max(...samples.map((s) => s.fcp)).toFixed(0)}`,
    ]);
  }
  printTable(
    `First paint on the tablet's CPU (slowdown ${slowdown.toFixed(2)} = benchmark index ${benchmarkIndex.toFixed(0)} ÷ 100, network not throttled), median of ${runs}`,
    ["page", "FCP ms", "LCP ms", "blocking after FCP ms", "FCP range ms"],
    rows,
  );
});
