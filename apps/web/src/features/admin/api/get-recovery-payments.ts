/**
 * `GET /api/admin/recovery-payments`: the discounted recovery payments with the decline that opened
 * each offer. Loaded with the dashboard, so the count shows without opening the panel; polled like
 * the rest of the admin data.
 */
import { AdminRecoveryPaymentsResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getRecoveryPayments = (signal?: AbortSignal) => api.get("/api/admin/recovery-payments", AdminRecoveryPaymentsResponseSchema, { signal });

export const useRecoveryPayments = () =>
  useQuery({ queryKey: adminKeys.recoveryPayments(), queryFn: ({ signal }) => getRecoveryPayments(signal), ...ADMIN_FRESHNESS });
