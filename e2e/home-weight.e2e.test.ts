/**
 * The tablet home page's weight budget: what the home page downloads before it is usable,
 * as gzip, must stay within JS 90 KiB and 170 KiB in all. It is deterministic (the built SPA and the
 * seeded demo catalogue), so it is a test, not a benchmark: a change that makes Home heavier fails
 * here with the list of what it loads. Its own server, so songs other tests distribute never change
 * the catalogue it measures. `node bench/home-weight.ts` prints the same figures.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOME_BUDGET, measureHomeWeight } from "../bench/lib/home-weight.ts";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { newPage } from "./support/browser";

let server: LocalServer;

// A server of its own (from the run's prepared demo state): starting both Workers can take a minute
// on a busy two-core machine.
beforeAll(async () => {
  server = await startOwnServer();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describe("home page weight", () => {
  test("JS and everything loaded before Home is usable stay within the budget", async () => {
    const page = await newPage();
    const weight = await measureHomeWeight(page, server.baseURL);
    const loaded = weight.resources
      .toSorted((a, b) => b.gzip - a.gzip)
      .map((r) => `${r.path} (${r.type}) ${kib(r.gzip)}`)
      .join("\n");

    // The page really was measured: its code, its styles and the rows' covers.
    expect(weight.byType.get("script")?.count ?? 0).toBeGreaterThan(0);
    expect(weight.byType.get("image")?.count ?? 0).toBeGreaterThanOrEqual(4);
    // What must never reach a listener's tablet on Home: payment, upload, admin and toast code.
    expect(loaded).not.toMatch(/stripe|distribute|admin|toaster|query-provider/i);

    expect(weight.scriptGzip, `JS ${kib(weight.scriptGzip)} over ${kib(HOME_BUDGET.scriptGzip)}:\n${loaded}`).toBeLessThanOrEqual(HOME_BUDGET.scriptGzip);
    expect(weight.totalGzip, `total ${kib(weight.totalGzip)} over ${kib(HOME_BUDGET.totalGzip)}:\n${loaded}`).toBeLessThanOrEqual(HOME_BUDGET.totalGzip);
  });
});
