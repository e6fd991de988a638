/**
 * `GET /api/config`: which card provider the browser talks to (Stripe with a publishable key, or the
 * local Stripe sandbox). Read once per visit; it never changes while the page is open.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type PublicConfig, PublicConfigSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";

export const getPublicConfig = (signal?: AbortSignal): Promise<PublicConfig> =>
  api.get("/api/config", PublicConfigSchema, { signal });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: ({ signal }) => getPublicConfig(signal),
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
