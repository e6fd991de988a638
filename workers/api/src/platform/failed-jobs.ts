/**
 * The dead-lettered jobs operators look at in admin (table failed_jobs): recorded by the dead-letter
 * queue's consumer (worker/record-dead-letters.ts), once per message; listed newest first, a bounded
 * page, so a flood of failures cannot make the call heavy.
 */
import { desc } from "drizzle-orm";
import type { AdminFailedJobsResponse } from "@jplay/schema/admin";
import { failedJobs } from "@jplay/schema/tables";
import type { Ctx } from "./context";

export const FAILED_JOBS_SHOWN = 200;

/** Records a job that failed its last run; a message recorded before (same id) is left as it is. */
export async function recordFailedJob(ctx: Ctx, job: typeof failedJobs.$inferInsert): Promise<void> {
  await ctx.db.insert(failedJobs).values(job).onConflictDoNothing({ target: failedJobs.id });
}

export async function listFailedJobs(ctx: Ctx): Promise<AdminFailedJobsResponse> {
  const rows = await ctx.db.select().from(failedJobs).orderBy(desc(failedJobs.failedAt)).limit(FAILED_JOBS_SHOWN);
  return {
    failedJobs: rows.map((row) => ({
      id: row.id,
      jobType: row.jobType,
      payload: row.payload,
      error: row.error,
      songId: row.songId,
      failedAt: new Date(row.failedAt).toISOString(),
    })),
  };
}
