/**
 * The home page's weight budget (issue 7): gzip bytes of JS and of everything the page loads before
 * it is usable. Deterministic (the built SPA and the seeded demo catalogue), so CI enforces it; the
 * breakdown behind a failure is `node bench/home-weight.ts`.
 */
import { expect, inject, test } from "vitest";
import { HOME_BUDGET, measureHomeWeight } from "../bench/lib/home-weight.ts";
import { newPage } from "./support/browser";

const baseURL = inject("baseURL");

test("the home page stays within its weight budget (JS ≤ 90 KiB gzip, total ≤ 170 KiB gzip)", async () => {
  const page = await newPage();
  const weight = await measureHomeWeight(page, baseURL);
  const detail = weight.resources.map((r) => `${r.path} ${r.type} ${r.gzip} B`).join("\n");
  // Something real loaded: the app's script and the demo covers.
  expect(weight.scriptGzip, detail).toBeGreaterThan(0);
  expect(weight.byType.get("image")?.count ?? 0, detail).toBeGreaterThan(0);
  expect(weight.scriptGzip, `JS gzip bytes\n${detail}`).toBeLessThanOrEqual(HOME_BUDGET.scriptGzip);
  expect(weight.totalGzip, `total gzip bytes\n${detail}`).toBeLessThanOrEqual(HOME_BUDGET.totalGzip);
});
