/**
 * `GET /api/artist/{token}/pro`: the artist's Pro plan (price, next renewal, whether it is set to
 * end then), or `pro: null` without a live subscription.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProPlanResponseSchema } from "@jplay/schema/pro-plan";
import { api } from "@/lib/api-client";

export const getProPlan = (token: string, signal?: AbortSignal) => api.get(`/api/artist/${encodeURIComponent(token)}/pro`, ProPlanResponseSchema, { signal });

export const proPlanQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["artist", "pro", token],
    queryFn: ({ signal }) => getProPlan(token, signal),
  });

export const useProPlan = (token: string) => useQuery(proPlanQueryOptions(token));
