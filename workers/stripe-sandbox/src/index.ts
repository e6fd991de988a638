/**
 * The Stripe sandbox Worker: the part of Stripe's REST API the product uses, for development and
 * tests only (docs/decisions/018-stripe-sandbox-worker.md). The product reaches it through a service
 * binding that exists only in its local configuration; it is never deployed.
 */
import type { SandboxEnv } from "./http/env";
import { ensureMigrated } from "./store/migrate";
import { sandboxApp } from "./sandbox-app";

export default {
  async fetch(request, env, ctx) {
    await ensureMigrated(env.DB);
    return sandboxApp.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<SandboxEnv>;
