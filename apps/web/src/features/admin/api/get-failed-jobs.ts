/**
 * `GET /api/admin/failed-jobs`: background jobs that ended in the dead-letter queue (newest first),
 * so an operator sees a song stuck in the pipeline instead of finding out from the artist.
 */
import { AdminFailedJobsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getFailedJobs = (signal?: AbortSignal) => api.get("/api/admin/failed-jobs", AdminFailedJobsResponseSchema, { signal });

export const useFailedJobs = (enabled: boolean) =>
  useQuery({ queryKey: adminKeys.failedJobs(), queryFn: ({ signal }) => getFailedJobs(signal), enabled, ...ADMIN_FRESHNESS });
