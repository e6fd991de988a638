/**
 * The dead-lettered jobs operators look at in admin (table failed_jobs, filled by the dead-letter
 * queue consumer): newest first, a bounded page, so a flood of failures cannot make the call heavy.
 */
import { desc } from "drizzle-orm";
import type { AdminFailedJobsResponse } from "@jplay/schema/admin";
import { failedJobs } from "@jplay/schema/tables";
import type { Db } from "../db";

export const FAILED_JOBS_SHOWN = 200;

export async function listFailedJobs(db: Db): Promise<AdminFailedJobsResponse> {
  const rows = await db.select().from(failedJobs).orderBy(desc(failedJobs.failedAt)).limit(FAILED_JOBS_SHOWN);
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
