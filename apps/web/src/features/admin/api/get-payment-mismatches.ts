/**
 * `GET /api/admin/payment-mismatches`: Stripe payments that disagreed with the payment they named
 * (amount, currency or customer) and so paid nothing. Loaded with the dashboard, so the count shows
 * without opening the panel; polled like the rest of the admin data.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminPaymentMismatchesResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const getPaymentMismatches = (signal?: AbortSignal) => api.get("/api/admin/payment-mismatches", AdminPaymentMismatchesResponseSchema, { signal });

export const paymentMismatchesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.paymentMismatches(),
    queryFn: ({ signal }) => getPaymentMismatches(signal),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
  });

export const usePaymentMismatches = () => useQuery(paymentMismatchesQueryOptions());
