/**
 * `POST /api/artist/{token}/pro/renewal-confirmation`: the plan as Stripe has it now, and the client
 * secret of a renewal waiting for the artist's 3-D Secure (null once nothing waits). The plan in the
 * answer replaces the one read, so asking again after the bank's challenge shows Pro back on.
 */
import { RenewalConfirmationResponseSchema } from "@jplay/schema/pro-plan";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { setProPlan } from "./get-pro-plan";

export const confirmProRenewal = (token: string) =>
  api.post(`/api/artist/${encodeURIComponent(token)}/pro/renewal-confirmation`, RenewalConfirmationResponseSchema);

export const useConfirmProRenewal = (token: string) =>
  useMutation({ mutationFn: () => confirmProRenewal(token), onSuccess: ({ pro }) => setProPlan(token, { pro }) });
