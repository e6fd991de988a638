/**
 * Card disputes (`GET /api/admin/disputes`, docs/decisions/093-disputes.md), open ones first, and the
 * one action on an open one: sending the distribution's records to Stripe as evidence
 * (`POST /api/admin/disputes/{id}/evidence`, once). Loaded with the dashboard, so the open count shows
 * without opening the panel; polled like the rest, and read again after a submission (also after a
 * refusal: another operator may have submitted meanwhile).
 */
import { AdminDisputeSchema, AdminDisputesResponseSchema } from "@jplay/schema/disputes";
import { api } from "@/lib/api-client";
import { invalidateReads } from "@/lib/read-cache";
import { useReadEvery } from "@/lib/read-every";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const useDisputes = () => useReadEvery(adminKeys.disputes(), () => api.get("/api/admin/disputes", AdminDisputesResponseSchema), ADMIN_DATA_FRESHNESS);

export const useSubmitDisputeEvidence = () =>
  useWrite(({ disputeId }: { disputeId: string }) => api.post(`/api/admin/disputes/${encodeURIComponent(disputeId)}/evidence`, AdminDisputeSchema), {
    onSettled: () => invalidateReads(adminKeys.disputes()),
  });
