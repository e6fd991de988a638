/**
 * The Worker the tests run (vitest.config.ts `main`): the product's entry (src/index.ts) unchanged,
 * except that its JOBS queue stamps each message with the test world and its consumers only see the
 * current world's messages (stamped-jobs.ts).
 */
import product from "../../src/index";
import type { Job } from "../../src/platform/job";
import { currentWorldBatch, stampedQueue } from "./stamped-jobs";

export { TransferPacer } from "../../src/index";

/** `env` with the stamping queue. */
export const worldEnv = (env: Env): Env => ({ ...env, JOBS: stampedQueue(env.JOBS) });

export default {
  fetch: (request, env, ctx) => product.fetch(request, worldEnv(env), ctx),
  queue: (batch, env, ctx) => product.queue(currentWorldBatch(batch), worldEnv(env), ctx),
  scheduled: (controller, env, ctx) => product.scheduled(controller, worldEnv(env), ctx),
} satisfies ExportedHandler<Env, Job>;
