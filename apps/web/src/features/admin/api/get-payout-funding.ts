/**
 * `GET /api/admin/funding`: what is owed to artists, Stripe's balance, the shortfall to top up and the
 * provider's settlements. Admin data: fresh for 30 s, refetched every 60 s, as the other admin reads.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PayoutFundingResponseSchema } from "@jplay/schema/funding";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const getPayoutFunding = (signal?: AbortSignal) => api.get("/api/admin/funding", PayoutFundingResponseSchema, { signal });

export const payoutFundingQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.funding(),
    queryFn: ({ signal }) => getPayoutFunding(signal),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
  });

export const usePayoutFunding = () => useQuery(payoutFundingQueryOptions());
