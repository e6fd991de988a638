/**
 * Background jobs that gave up (dead-letter queue), below the tabs in a disclosure: not part of the
 * product's screens, but the only place an operator learns that a paid song is stuck. Loaded when opened.
 */
import { useState } from "react";
import { apiErrorMessage } from "@/lib/error-message";
import { useFailedJobs } from "../api/get-failed-jobs";
import { Moment } from "./moment";

export function FailedJobsPanel() {
  const [open, setOpen] = useState(false);
  const jobs = useFailedJobs(open);
  return (
    <details className="rounded-2xl border border-line bg-surface p-4" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">Failed background jobs</summary>
      <div className="mt-3 text-sm">
        {!open ? null : jobs.isPending ? (
          <p role="status" className="text-muted">
            Loading failed jobs...
          </p>
        ) : jobs.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {apiErrorMessage(jobs.error, "The failed jobs could not be loaded. Please try again.")}
          </p>
        ) : jobs.data.failedJobs.length === 0 ? (
          <p className="text-muted">No failed background jobs.</p>
        ) : (
          <ul className="divide-y divide-line">
            {jobs.data.failedJobs.map((job) => (
              <li key={job.id} className="space-y-0.5 py-2">
                <div className="font-semibold">
                  {job.jobType}
                  {job.songId ? <span className="font-normal text-muted"> (song {job.songId})</span> : null}
                </div>
                <div className="text-xs text-muted">
                  <Moment iso={job.failedAt} />
                  {job.error ? `: ${job.error}` : ""}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
