/**
 * The shape of a module's job runners: one function per message type the module declares
 * (platform/job.ts), run with the batch's context. A runner must be idempotent: a queue may deliver
 * a message twice, and a dead-lettered message gets one last run (worker/record-dead-letters.ts).
 */
import type { Ctx } from "./context";
import type { JobOf, JobType } from "./job";

export type JobRunners<T extends JobType> = { readonly [K in T]: (ctx: Ctx, job: JobOf<K>) => Promise<unknown> };
