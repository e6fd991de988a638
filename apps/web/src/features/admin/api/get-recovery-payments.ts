/**
 * `GET /api/admin/recovery-payments`: the discounted recovery payments with the decline that opened
 * each offer. Loaded with the dashboard, so the count shows without opening the panel; polled like
 * the rest of the admin data.
 */
import { AdminRecoveryPaymentsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useReadEvery } from "@/lib/read-every";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const getRecoveryPayments = (signal?: AbortSignal) => api.get("/api/admin/recovery-payments", AdminRecoveryPaymentsResponseSchema, { signal });

export const useRecoveryPayments = () => useReadEvery(adminKeys.recoveryPayments(), () => getRecoveryPayments(), ADMIN_DATA_FRESHNESS);
