// Worker tests run inside workerd with the real local D1, R2 and Queue bindings of wrangler.toml.
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "schema/migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // Test-only values; real ones live in .dev.vars (local) or wrangler secrets (production).
            STRIPE_WEBHOOK_SECRET: "whsec_test_jplay",
            SESSION_SECRET: "test-session-secret-0123456789abcdef",
            PROVIDER_WEBHOOK_SECRET: "test-provider-secret-0123456789abcdef",
            // DISTRIBUTION_SECONDS_PER_HOUR stays unset (real windows): songs paid in other tests must not
            // go live in the background. Pipeline tests pass a compressed value in their own env.
            ADMIN_PASSWORD: "test-admin-password-0123",
          },
        },
      }),
    ],
    test: {
      name: "worker",
      // Integration tests through workerd, D1 and the sandbox: 5 s is too tight on a busy two-core runner.
      testTimeout: 30_000,
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/apply-migrations.ts"],
    },
  };
});
