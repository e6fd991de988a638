/**
 * `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the
 * song's, which credited nobody. Loaded with the dashboard, so the count shows without opening the
 * panel; polled like the rest of the admin data.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminPurchaseMismatchesResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const getPurchaseMismatches = (signal?: AbortSignal) => api.get("/api/admin/purchase-mismatches", AdminPurchaseMismatchesResponseSchema, { signal });

export const usePurchaseMismatches = () =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.purchaseMismatches(),
      queryFn: ({ signal }) => getPurchaseMismatches(signal),
      staleTime: ADMIN_DATA_STALE_MS,
      refetchInterval: ADMIN_DATA_REFETCH_MS,
    }),
  );
