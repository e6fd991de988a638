/**
 * `GET /api/admin/refunds`: refunds of rejected songs' fees (docs/decisions/025), with how many failed.
 * Loaded with the dashboard, so the failed count shows without opening the panel; polled like the rest.
 * `POST /api/admin/refunds/{id}/retry` sends a failed one again (a new Stripe refund); the list is read
 * again after it, also after a refusal (another operator may have sent it meanwhile).
 */
import { AdminRefundRetrySchema, AdminRefundsResponseSchema } from "@jplay/schema/refunds";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useRefunds = () =>
  useQuery({ queryKey: adminKeys.refunds(), queryFn: () => api.get("/api/admin/refunds", AdminRefundsResponseSchema), ...ADMIN_FRESHNESS });

export const useRetryRefund = () =>
  useMutation({
    mutationFn: ({ refundId }: { refundId: string }) => api.post(`/api/admin/refunds/${encodeURIComponent(refundId)}/retry`, AdminRefundRetrySchema),
    onSettled: () => invalidate(adminKeys.refunds()),
  });
