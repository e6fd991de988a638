/**
 * Listeners' receipts for operators: one looked up by id (`GET /api/admin/receipts/{id}`), revoked with
 * a reason (`POST …/revoke`), and redemptions per provider (`GET /api/admin/redemptions`).
 */
import { AdminReceiptSchema, AdminRedemptionsByProviderSchema } from "@jplay/schema/receipts";
import { api } from "@/lib/api-client";
import { setRead, useRead } from "@/lib/read-cache";
import { useReadEvery } from "@/lib/read-every";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_UNPOLLED } from "./get-admin-payments";

const receiptPath = (receiptId: string) => `/api/admin/receipts/${encodeURIComponent(receiptId)}`;

export const useAdminReceipt = (receiptId: string | null) =>
  useRead(receiptId === null ? null : adminKeys.receipt(receiptId), () => api.get(receiptPath(receiptId!), AdminReceiptSchema));

export const useRevokeReceipt = () =>
  useWrite(({ receiptId, reason }: { receiptId: string; reason: string }) => api.post(`${receiptPath(receiptId)}/revoke`, AdminReceiptSchema, { reason }), {
    onSuccess: (receipt) => setRead(adminKeys.receipt(receipt.receiptId), receipt),
  });

export const useRedemptionsByProvider = () =>
  useReadEvery(adminKeys.redemptions(), () => api.get("/api/admin/redemptions", AdminRedemptionsByProviderSchema), ADMIN_DATA_UNPOLLED);
