/**
 * What a page's first use of `Intl` costs in Chromium, apart from any app: in a fresh page each run, the
 * time to build and use a currency `Intl.NumberFormat` (en-US, as money was written before
 * schema/src/language.ts wrote it by hand), a second one, and a first `Intl.DateTimeFormat` (dates
 * still use it). Unthrottled; multiply by the tablet's CPU slowdown (benchmark index ÷ 100, printed by
 * the other browser benchmarks) for the tablet. Median of --runs (default 12). No server.
 *
 *   node bench/intl-first-use.ts [--runs 12]
 */
import { launchChromium } from "../scripts/chromium.ts";
import { numberFlag } from "./lib/args.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const runs = numberFlag("runs", 12);
const chromium = await launchChromium();
const samples: { firstMoney: number; secondMoney: number; firstDate: number }[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await chromium.newContext();
    try {
      const page = await context.newPage();
      await page.setContent("<p>JPlay</p>");
      samples.push(
        await page.evaluate(() => {
          const money = () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(1.99);
          const t0 = performance.now();
          money();
          const t1 = performance.now();
          money();
          const t2 = performance.now();
          new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(0));
          const t3 = performance.now();
          return { firstMoney: t1 - t0, secondMoney: t2 - t1, firstDate: t3 - t2 };
        }),
      );
    } finally {
      await context.close();
    }
  }
} finally {
  await chromium.close();
}

const row = (name: string, values: number[]) => [name, median(values).toFixed(2), Math.min(...values).toFixed(2), Math.max(...values).toFixed(2)];
printTable(
  `Intl's first use in a fresh Chromium page, ms, ${runs} runs`,
  ["what", "median", "min", "max"],
  [
    row(
      "first currency NumberFormat",
      samples.map((s) => s.firstMoney),
    ),
    row(
      "second currency NumberFormat",
      samples.map((s) => s.secondMoney),
    ),
    row(
      "first DateTimeFormat (after it)",
      samples.map((s) => s.firstDate),
    ),
  ],
);
