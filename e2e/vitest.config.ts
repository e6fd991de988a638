// Browser tests: Playwright drives Chromium against `wrangler dev` serving the built SPA and the API.
import { defineConfig } from "vitest/config";
import { THREE_AT_A_TIME } from "../vitest.slots.ts";

export default defineConfig({
  test: {
    name: "e2e",
    ...THREE_AT_A_TIME,
    include: ["e2e/**/*.e2e.test.ts"],
    root: new URL("..", import.meta.url).pathname,
    environment: "node",
    globalSetup: ["e2e/support/global-setup.ts"],
    // Files in a worker slot share their imported modules (Playwright's client, the support code):
    // importing them afresh took about 1.4 s a file. Hooks every file needs are registered per file.
    isolate: false,
    setupFiles: ["e2e/support/per-file.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file; files run as many at a time as this project has slots (vitest.slots.ts),
    // each slot with a server of its own (support/global-setup.ts).
    // A read of the page is retried until it holds (expect.poll), never taken once: the page may still
    // be settling, and the machine may be busy.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
