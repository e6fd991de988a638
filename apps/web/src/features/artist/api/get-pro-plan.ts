/**
 * `GET /api/artist/{token}/pro`: the artist's Pro plan (price, next renewal, whether it is set to
 * end then), or `pro: null` without a live subscription. Read through the one read cache
 * (lib/read-cache.ts); a change's answer replaces it (`setProPlan`).
 */
import { type ProPlanResponse, ProPlanResponseSchema } from "@jplay/schema/pro-plan";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "@/lib/query";

export const getProPlan = (token: string) => api.get(`/api/artist/${encodeURIComponent(token)}/pro`, ProPlanResponseSchema);

const proPlanKey = (token: string) => ["artist", "pro", token];

export const useProPlan = (token: string) => useQuery({ queryKey: proPlanKey(token), queryFn: () => getProPlan(token) });

/** The plan as a write answered it, in place of the one read. */
export const setProPlan = (token: string, plan: ProPlanResponse) => queryClient.setQueryData(proPlanKey(token), plan);
