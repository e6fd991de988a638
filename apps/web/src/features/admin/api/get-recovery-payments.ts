/**
 * `GET /api/admin/recovery-payments`: the discounted recovery payments with the decline that opened
 * each offer. Loaded with the dashboard, so the count shows without opening the panel; polled like
 * the rest of the admin data.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminRecoveryPaymentsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const getRecoveryPayments = (signal?: AbortSignal) => api.get("/api/admin/recovery-payments", AdminRecoveryPaymentsResponseSchema, { signal });

export const useRecoveryPayments = () =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.recoveryPayments(),
      queryFn: ({ signal }) => getRecoveryPayments(signal),
      staleTime: ADMIN_DATA_STALE_MS,
      refetchInterval: ADMIN_DATA_REFETCH_MS,
    }),
  );
