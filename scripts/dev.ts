/**
 * `pnpm dev`: build the SPA, migrate and seed the local database and bucket, then serve the whole
 * product (SPA, API, queue, cron) with `wrangler dev` at http://127.0.0.1:$PORT (default 8787), with
 * the Stripe sandbox Worker beside it.
 */
import { buildWeb } from "./build-web.ts";
import { ensureDevVars } from "./dev-vars.ts";
import { prepareLocal } from "./local-state.ts";
import { defaultPersistDir, productWithSandboxConfigs, startWrangler } from "./wrangler-env.ts";

const port = process.env.PORT ?? "8787";
const log = (line: string) => console.log(`[dev] ${line}`);

ensureDevVars(log);
log("building the web app");
await buildWeb();
await prepareLocal(defaultPersistDir, log);

log(`serving http://127.0.0.1:${port}`);
log(`admin portal: http://127.0.0.1:${port}/admin (password: ADMIN_PASSWORD in .dev.vars)`);
// The product serves; the Stripe sandbox Worker runs beside it (reached only through its binding).
const wrangler = startWrangler(["dev", ...productWithSandboxConfigs(), "--ip", "127.0.0.1", "--port", port, "--persist-to", defaultPersistDir, "--show-interactive-dev-session=false", "--test-scheduled"]);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));
