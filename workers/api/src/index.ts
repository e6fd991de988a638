/** The Worker's three entry points: HTTP (Hono), the JOBS queue consumer and the Cron Trigger. */
import { app } from "./app";
import type { Job } from "./jobs/job";
import { handleJobBatch } from "./jobs/handle-job";
import { DEAD_LETTER_QUEUE, recordDeadLetters } from "./jobs/record-dead-letters";
import { runScheduled } from "./jobs/run-scheduled";
import { countingD1, countsD1Statements } from "./services/d1-statement-count";

export default {
  // A local server counts its D1 statements for the benchmarks (routes/dev.ts).
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, countsD1Statements(env) ? { ...env, DB: countingD1(env.DB) } : env, ctx),
  queue: (batch, env, _ctx) => (batch.queue === DEAD_LETTER_QUEUE ? recordDeadLetters(batch, env) : handleJobBatch(batch, env)),
  scheduled: async (controller, env, _ctx) => {
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env, Job>;
