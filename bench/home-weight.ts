/**
 * Home weight: what the tablet home page downloads before it is usable, by resource type, as
 * gzip -9 bytes, against the budget (JS ≤ 90 KiB, total ≤ 170 KiB, decision 014). Exits non-zero when
 * the page is over budget. The same measurement is the CI test e2e/home-weight.e2e.test.ts (decision 015).
 *
 *   node scripts/build-web.ts && node bench/home-weight.ts
 */
import { HOME_BUDGET, measureHomeWeight } from "./lib/home-weight.ts";
import { withSession } from "./lib/session.ts";
import { kib, printTable } from "./lib/table.ts";

await withSession(async ({ server, browser }) => {
  const page = await (await browser()).newPage();
  const weight = await measureHomeWeight(page, server.baseURL);
  printTable(
    "Home page before it is usable (gzip -9)",
    ["type", "files", "raw KiB", "gzip KiB"],
    [...weight.byType].sort((a, b) => b[1].gzip - a[1].gzip).map(([type, t]) => [type, t.count, kib(t.raw), kib(t.gzip)]),
  );
  printTable(
    "Each resource",
    ["path", "type", "gzip KiB"],
    [...weight.resources].sort((a, b) => b.gzip - a.gzip).map((r) => [r.path, r.type, kib(r.gzip)]),
  );
  printTable(
    "Budget",
    ["figure", "KiB", "budget KiB", "within"],
    [
      ["JS gzip", kib(weight.scriptGzip), kib(HOME_BUDGET.scriptGzip), weight.scriptGzip <= HOME_BUDGET.scriptGzip ? "yes" : "NO"],
      ["total gzip", kib(weight.totalGzip), kib(HOME_BUDGET.totalGzip), weight.totalGzip <= HOME_BUDGET.totalGzip ? "yes" : "NO"],
    ],
  );
  if (weight.scriptGzip > HOME_BUDGET.scriptGzip || weight.totalGzip > HOME_BUDGET.totalGzip) process.exitCode = 1;
});
