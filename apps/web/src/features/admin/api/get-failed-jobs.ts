/**
 * `GET /api/admin/failed-jobs`: background jobs that ended in the dead-letter queue (newest first),
 * so an operator sees a song stuck in the pipeline instead of finding out from the artist.
 */
import { AdminFailedJobsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useReadEvery } from "@/lib/read-every";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const getFailedJobs = (signal?: AbortSignal) => api.get("/api/admin/failed-jobs", AdminFailedJobsResponseSchema, { signal });

export const useFailedJobs = (enabled: boolean) => useReadEvery(enabled ? adminKeys.failedJobs() : null, () => getFailedJobs(), ADMIN_DATA_FRESHNESS);
