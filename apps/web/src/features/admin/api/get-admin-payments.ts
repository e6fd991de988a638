/**
 * `GET /api/admin/payments`: every saved payment method with its artist and songs (docs/product.md, Data).
 * docs/product.md, Calls: fresh for 30 s and refetched every 60 s, the one polled read of the product.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPaymentsResponse } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";

export const ADMIN_DATA_STALE_MS = 30_000;
export const ADMIN_DATA_REFETCH_MS = 60_000;

export const getAdminPayments = (signal?: AbortSignal) => api.get<AdminPaymentsResponse>("/api/admin/payments", { signal });

export const adminPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.payments(),
    queryFn: ({ signal }) => getAdminPayments(signal),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
  });

export const useAdminPayments = (enabled: boolean) => useQuery({ ...adminPaymentsQueryOptions(), enabled });
