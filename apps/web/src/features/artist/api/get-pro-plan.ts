/**
 * `GET /api/artist/{token}/pro`: the artist's Pro plan (price, next renewal, whether it is set to
 * end then), or `pro: null` without a live subscription. Read through the one read cache
 * (lib/read-cache.ts); a change's answer replaces it (`setProPlan`).
 */
import { type ProPlanResponse, ProPlanResponseSchema } from "@jplay/schema/pro-plan";
import { api } from "@/lib/api-client";
import { setRead, useRead } from "@/lib/read-cache";

export const getProPlan = (token: string) => api.get(`/api/artist/${encodeURIComponent(token)}/pro`, ProPlanResponseSchema);

const proPlanKey = (token: string) => `artist/pro/${token}`;

export const useProPlan = (token: string) => useRead(proPlanKey(token), () => getProPlan(token));

/** The plan as a write answered it, in place of the one read. */
export const setProPlan = (token: string, plan: ProPlanResponse) => setRead(proPlanKey(token), plan);
