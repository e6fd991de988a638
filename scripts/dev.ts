/**
 * `pnpm dev`: build the SPA, migrate and seed the local database and bucket, then serve the whole
 * product (SPA, API, queue, cron) with `wrangler dev` at http://127.0.0.1:$PORT (default 8787), with
 * the Stripe sandbox Worker beside it. Once it answers, the product's Stripe webhook endpoints are
 * made in the sandbox from its own list (scripts/webhook-endpoints.ts), and the 15-minute cron runs once, as it would
 * in production within 15 minutes: among its tasks it gives the demo songs their ISRC and UPC
 * (workers/api/src/releases/identifier-backfill.ts), so the delivery feeds show them at once.
 */
import { HEALTH_PATH } from "../schema/src/health.ts";
import { DELIVERY_CRON } from "../workers/api/src/worker/crons.ts";
import { buildWeb } from "./build-web.ts";
import { cronTrigger } from "./cron-trigger.ts";
import { devWebhookSecrets, ensureDevVars } from "./dev-vars.ts";
import { prepareLocal } from "./local-state.ts";
import { describeSync, syncLocalEndpoints } from "./webhook-endpoints.ts";
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
const wrangler = startWrangler([
  "dev",
  ...productWithSandboxConfigs(),
  "--ip",
  "127.0.0.1",
  "--port",
  port,
  "--persist-to",
  defaultPersistDir,
  "--show-interactive-dev-session=false",
]);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));

/** The sandbox sends events only to endpoints made for them, as Stripe does. */
async function syncWebhookEndpoints(origin: string) {
  try {
    for (const line of describeSync(await syncLocalEndpoints(origin, devWebhookSecrets()), (setting) => `the sandbox issued the ${setting} of .dev.vars`))
      log(line);
  } catch (error) {
    log(`the Stripe sandbox's webhook endpoints could not be made (${String(error)}): run pnpm stripe:endpoints`);
  }
}

/** Waits for the Worker to answer, then makes the webhook endpoints and runs the delivery cron once. */
async function runDeliveryCronOnce() {
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    const healthy = await fetch(`${origin}${HEALTH_PATH}`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) {
      await syncWebhookEndpoints(origin);
      const ran = await cronTrigger(origin, DELIVERY_CRON).then(
        (response) => response.ok,
        () => false,
      );
      log(ran ? "delivery cron run once: the demo songs have their ISRC and UPC" : "the delivery cron could not be run; it runs every 15 minutes");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log("the Worker did not answer within 2 minutes: the delivery cron was not run");
}
void runDeliveryCronOnce();
