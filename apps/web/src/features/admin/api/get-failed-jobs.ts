/**
 * `GET /api/admin/failed-jobs`: background jobs that ended in the dead-letter queue (newest first),
 * so an operator sees a song stuck in the pipeline instead of finding out from the artist.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminFailedJobsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const getFailedJobs = (signal?: AbortSignal) => api.get("/api/admin/failed-jobs", AdminFailedJobsResponseSchema, { signal });

export const failedJobsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.failedJobs(),
    queryFn: ({ signal }) => getFailedJobs(signal),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
  });

export const useFailedJobs = (enabled: boolean) => useQuery({ ...failedJobsQueryOptions(), enabled });
