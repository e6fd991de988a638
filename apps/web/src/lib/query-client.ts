import { QueryClient } from "@tanstack/react-query";

/**
 * docs/product.md, Calls: reads never go stale on their own, no refetch on window focus, no polling and no
 * retries for reads or writes. (The admin screen overrides staleTime/refetchInterval per query.)
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
