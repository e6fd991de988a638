/**
 * Failed-download credits waiting for an operator (`GET /api/admin/download-credits`): a provider's
 * credits past its daily cap, approved (written to the ledger once) or denied (never written) with
 * `POST /api/admin/download-credits/{receiptId}/approve|deny`. Loaded with the dashboard, so the count
 * shows without opening the panel; polled like the rest. After a decision, also after a refusal
 * (another operator may have decided meanwhile), the queue and every looked-up receipt are read again.
 */
import { AdminDownloadCreditQueueSchema, AdminDownloadCreditSchema } from "@jplay/schema/receipts";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useDownloadCreditQueue = () =>
  useQuery({
    queryKey: adminKeys.downloadCredits(),
    queryFn: () => api.get("/api/admin/download-credits", AdminDownloadCreditQueueSchema),
    ...ADMIN_FRESHNESS,
  });

export type CreditDecision = "approve" | "deny";

export const useDecideDownloadCredit = () =>
  useMutation({
    mutationFn: ({ receiptId, decision }: { receiptId: string; decision: CreditDecision }) =>
      api.post(`/api/admin/download-credits/${encodeURIComponent(receiptId)}/${decision}`, AdminDownloadCreditSchema),
    onSettled: (_answer, _error, { receiptId }) => invalidate(adminKeys.downloadCredits(), adminKeys.receipt(receiptId)),
  });
