/**
 * `POST /api/artist/{token}/pro/cancel` and `…/pro/resume`: end Pro when the period paid for ends,
 * or take that back before then. The answer is the plan as it is now; it replaces the one read.
 */
import { ProPlanResponseSchema } from "@jplay/schema/pro-plan";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { setProPlan } from "./get-pro-plan";

export type ProPlanChange = "cancel" | "resume";

export const changeProPlan = (token: string, change: ProPlanChange) =>
  api.post(`/api/artist/${encodeURIComponent(token)}/pro/${change}`, ProPlanResponseSchema);

export const useChangeProPlan = (token: string) =>
  useMutation({ mutationFn: (change: ProPlanChange) => changeProPlan(token, change), onSuccess: (plan) => setProPlan(token, plan) });
