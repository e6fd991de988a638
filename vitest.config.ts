// One `vitest run` runs every suite: unit (Node), worker (workerd with local bindings), e2e (Chromium).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          testTimeout: 60_000,
          include: ["schema/**/*.test.ts", "workers/api/src/**/*.test.ts", "apps/web/src/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      "workers/api/vitest.config.ts",
      "e2e/vitest.config.ts",
    ],
  },
});
