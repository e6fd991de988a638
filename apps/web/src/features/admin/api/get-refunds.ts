/**
 * `GET /api/admin/refunds`: refunds of rejected songs' fees (docs/decisions/025), with how many failed.
 * Loaded with the dashboard, so the failed count shows without opening the panel; polled like the rest.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminRefundsResponseSchema } from "@jplay/schema/refunds";
import { api } from "@/lib/api-client";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const refundsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "refunds"] as const,
    queryFn: ({ signal }) => api.get("/api/admin/refunds", AdminRefundsResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
  });

export const useRefunds = () => useQuery(refundsQueryOptions());
