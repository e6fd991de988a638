/**
 * Card disputes (`GET /api/admin/disputes`, docs/decisions/093-disputes.md), open ones first, and the
 * one action on an open one: sending the distribution's records to Stripe as evidence
 * (`POST /api/admin/disputes/{id}/evidence`, once). Loaded with the dashboard, so the open count shows
 * without opening the panel; polled like the rest, and read again after a submission (also after a
 * refusal: another operator may have submitted meanwhile).
 */
import { AdminDisputeSchema, AdminDisputesResponseSchema } from "@jplay/schema/disputes";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useDisputes = () =>
  useQuery({ queryKey: adminKeys.disputes(), queryFn: () => api.get("/api/admin/disputes", AdminDisputesResponseSchema), ...ADMIN_FRESHNESS });

export const useSubmitDisputeEvidence = () =>
  useMutation({
    mutationFn: ({ disputeId }: { disputeId: string }) => api.post(`/api/admin/disputes/${encodeURIComponent(disputeId)}/evidence`, AdminDisputeSchema),
    onSettled: () => invalidate(adminKeys.disputes()),
  });
