// One `vitest run` runs every suite: unit (Node), worker (workerd with local bindings), e2e (Chromium).
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { FOUR_AT_A_TIME } from "./vitest.slots.ts";

export default defineConfig({
  test: {
    // How many files run at a time is each project's own (vitest.slots.ts): the Node and Worker tests
    // first, then the browser tests.
    projects: [
      {
        // The SPA's `@/` import alias (apps/web/vite.config.ts), so its modules are testable here too.
        resolve: { alias: { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) } },
        test: {
          name: "unit",
          ...FOUR_AT_A_TIME,
          environment: "node",
          testTimeout: 60_000,
          include: ["schema/**/*.test.ts", "workers/api/src/**/*.test.ts", "apps/web/src/**/*.test.ts", "scripts/**/*.test.ts"],
          // A module's Worker tests (workers/api/src/<module>/test/) need workerd: the worker project runs them.
          exclude: [...configDefaults.exclude, "workers/api/src/**/test/**"],
        },
      },
      "workers/api/vitest.config.ts",
      "workers/api/vitest.unordered-webhooks.config.ts",
      "workers/stripe-sandbox/vitest.config.ts",
      "e2e/vitest.config.ts",
    ],
  },
});
