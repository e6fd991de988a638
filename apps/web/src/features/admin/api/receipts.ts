/**
 * Listeners' receipts for operators: one looked up by id (`GET /api/admin/receipts/{id}`), revoked with
 * a reason (`POST …/revoke`), and redemptions per provider (`GET /api/admin/redemptions`).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AdminReceiptSchema, AdminRedemptionsByProviderSchema } from "@jplay/schema/receipts";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_STALE_MS } from "./get-admin-payments";

const receiptPath = (receiptId: string) => `/api/admin/receipts/${encodeURIComponent(receiptId)}`;

export const useAdminReceipt = (receiptId: string | null) =>
  useQuery({
    queryKey: adminKeys.receipt(receiptId ?? ""),
    queryFn: ({ signal }) => api.get(receiptPath(receiptId!), AdminReceiptSchema, { signal }),
    enabled: receiptId !== null,
    retry: false,
  });

export const useRevokeReceipt = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ receiptId, reason }: { receiptId: string; reason: string }) => api.post(`${receiptPath(receiptId)}/revoke`, AdminReceiptSchema, { reason }),
    onSuccess: (receipt) => queryClient.setQueryData(adminKeys.receipt(receipt.receiptId), receipt),
  });
};

export const useRedemptionsByProvider = () =>
  useQuery({
    queryKey: adminKeys.redemptions(),
    queryFn: ({ signal }) => api.get("/api/admin/redemptions", AdminRedemptionsByProviderSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
  });
