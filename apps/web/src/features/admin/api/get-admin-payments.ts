/**
 * `GET /api/admin/payments?q=&cursor=`: saved payment methods with their artists and songs, a page of
 * artists at a time, searched on the server (docs/product.md, Data). Each search is its own list of
 * pages; "Load more" asks for the next page with the last one's cursor.
 * docs/product.md, Calls: fresh for 30 s and refetched every 60 s, the one polled read of the product
 * (a refetch asks again for every page loaded). The Refresh button first asks the server to count the
 * summary again (`POST /api/admin/payments/summary`), which it otherwise counts at most once a minute.
 */
import { AdminPaymentsResponseSchema, AdminSummaryRecountResponseSchema } from "@jplay/schema/admin";
import { api, apiRequest } from "@/lib/api-client";
import { keepPreviousData, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export function getAdminPayments(search: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return api.get(`/api/admin/payments${query ? `?${query}` : ""}`, AdminPaymentsResponseSchema, { signal });
}

export const useAdminPayments = (search: string) =>
  useInfiniteQuery({
    queryKey: adminKeys.payments(search),
    queryFn: ({ pageParam, signal }) => getAdminPayments(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new search keeps the last answer on screen until its own arrives.
    placeholderData: keepPreviousData,
    ...ADMIN_FRESHNESS,
  });

export const recountAdminSummary = () => apiRequest("POST", "/api/admin/payments/summary", AdminSummaryRecountResponseSchema);

/**
 * The Refresh button: the summary counted now, then every loaded page read again. A failed count still
 * reads the list again, whose own answer shows any error (a lapsed session signs the operator out).
 */
export function useRefreshAdminPayments(refetchList: () => unknown) {
  return useMutation({ mutationFn: () => recountAdminSummary().catch(() => undefined), onSettled: () => refetchList() });
}
