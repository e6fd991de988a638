// One `vitest run` runs every suite: unit (Node), worker (workerd with local bindings), e2e (Chromium).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two files at a time across every project: the machine the suite is sized for has two cores, and
    // vitest's default (cores − 1) would run every file one after another there.
    maxWorkers: 2,
    projects: [
      {
        // The SPA's `@/` import alias (apps/web/vite.config.ts), so its modules are testable here too.
        resolve: { alias: { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) } },
        test: {
          name: "unit",
          environment: "node",
          testTimeout: 60_000,
          include: ["schema/**/*.test.ts", "workers/api/src/**/*.test.ts", "apps/web/src/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      "workers/api/vitest.config.ts",
      "workers/api/vitest.shared-stripe.config.ts",
      "workers/api/vitest.isolated.config.ts",
      "workers/api/vitest.unordered-webhooks.config.ts",
      "workers/stripe-sandbox/vitest.config.ts",
      "e2e/vitest.config.ts",
    ],
  },
});
