/**
 * Listeners' receipts for operators: one looked up by id (`GET /api/admin/receipts/{id}`), revoked with
 * a reason (`POST …/revoke`), and redemptions per provider (`GET /api/admin/redemptions`).
 */
import { AdminReceiptSchema, AdminRedemptionsByProviderSchema } from "@jplay/schema/receipts";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_UNPOLLED, queryClient } from "@/lib/query";
import { adminKeys } from "./admin-keys";

const receiptPath = (receiptId: string) => `/api/admin/receipts/${encodeURIComponent(receiptId)}`;

export const useAdminReceipt = (receiptId: string | null) =>
  useQuery({ queryKey: adminKeys.receipt(receiptId ?? ""), queryFn: () => api.get(receiptPath(receiptId!), AdminReceiptSchema), enabled: receiptId !== null });

export const useRevokeReceipt = () =>
  useMutation({
    mutationFn: ({ receiptId, reason }: { receiptId: string; reason: string }) => api.post(`${receiptPath(receiptId)}/revoke`, AdminReceiptSchema, { reason }),
    onSuccess: (receipt) => queryClient.setQueryData(adminKeys.receipt(receipt.receiptId), receipt),
  });

export const useRedemptionsByProvider = () =>
  useQuery({ queryKey: adminKeys.redemptions(), queryFn: () => api.get("/api/admin/redemptions", AdminRedemptionsByProviderSchema), ...ADMIN_UNPOLLED });
