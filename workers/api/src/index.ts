/** The Worker's three entry points: HTTP (Hono), the JOBS queue consumer and the Cron Trigger. */
import { app } from "./app";
import type { Job } from "./jobs/job";
import { handleJobBatch } from "./jobs/handle-job";
import { DEAD_LETTER_QUEUE, recordDeadLetters } from "./jobs/record-dead-letters";
import { runScheduled } from "./jobs/run-scheduled";

export default {
  fetch: app.fetch,
  queue: (batch, env, _ctx) => (batch.queue === DEAD_LETTER_QUEUE ? recordDeadLetters(batch, env) : handleJobBatch(batch, env)),
  scheduled: async (controller, env, _ctx) => {
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env, Job>;
