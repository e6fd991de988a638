// The bindings of the sandbox Worker under test (wrangler.toml, overridden by vitest.config.ts) and
// the test-only recorder standing for the product's webhook endpoints.
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../src/index");
  }
  interface Env {
    DB: D1Database;
    /** The recorder, where the sandbox POSTs webhooks (the product's endpoints in `pnpm dev`). */
    WEBHOOK_TARGET: Fetcher;
    /** The same recorder, for tests: GET/DELETE /received, POST /fail-next?count=&match=. */
    WEBHOOK_RECORDER: Fetcher;
    STRIPE_WEBHOOK_SECRET: string;
    STRIPE_CONNECT_WEBHOOK_SECRET: string;
    TURNSTILE_SITE_KEY: string;
    TURNSTILE_SECRET_KEY: string;
  }
}
