/**
 * Every module's job runners in one list (docs/architecture.md, "Jobs"): the JOBS queue consumer and
 * the dead-letter consumer look a message's runner up here. `satisfies` makes a message type some
 * module declares (platform/job.ts) without a runner here a compile error.
 */
import type { Ctx } from "../platform/context";
import type { Job, JobType } from "../platform/job";
import type { JobRunners } from "../platform/job-runners";
import { textJobs } from "../texts/index";
import { ledgerJobs } from "../ledger/index";
import { refundJobs } from "../refunds/index";
import { complianceJobs } from "../compliance/index";
import { paymentJobs } from "../payments/index";
import { distributionJobs } from "../distribution/index";

const JOB_RUNNERS = {
  ...textJobs,
  ...ledgerJobs,
  ...refundJobs,
  ...complianceJobs,
  ...paymentJobs,
  ...distributionJobs,
} satisfies JobRunners<JobType>;

const runners = new Map<string, (ctx: Ctx, job: Job) => Promise<unknown>>(Object.entries(JOB_RUNNERS) as [string, (ctx: Ctx, job: Job) => Promise<unknown>][]);

/** Runs one message with its module's runner; a type no module declares is an error (retried, then dead-lettered). */
export async function runJob(job: Job, ctx: Ctx): Promise<void> {
  const run = runners.get(job.type);
  if (!run) throw new Error(`Unknown job type: ${String((job as { type?: unknown }).type)}`);
  await run(ctx, job);
}
