/**
 * The Worker's three entry points: HTTP (Hono), the JOBS queue consumer and the Cron Trigger; and the
 * Durable Object class that paces the payout run's Transfers (wrangler.toml, TRANSFER_PACER).
 */
import { app } from "./worker/app";
import type { Job } from "./platform/job";
import { handleJobBatch } from "./worker/handle-job";
import { DEAD_LETTER_QUEUE, recordDeadLetters } from "./worker/record-dead-letters";
import { runScheduled } from "./worker/run-scheduled";
import { countingD1, countsD1Statements } from "./platform/d1-statement-count";

export { TransferPacer } from "./ledger/index";

/** A local server counts its D1 statements for the benchmarks (worker/routes/dev.ts), in every entry point. */
const counted = (env: Env): Env => (countsD1Statements(env) ? { ...env, DB: countingD1(env.DB) } : env);

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, counted(env), ctx),
  queue: (batch, env, _ctx) => (batch.queue === DEAD_LETTER_QUEUE ? recordDeadLetters(batch, counted(env)) : handleJobBatch(batch, counted(env))),
  scheduled: async (controller, env, _ctx) => {
    await runScheduled(controller, counted(env));
  },
} satisfies ExportedHandler<Env, Job>;
