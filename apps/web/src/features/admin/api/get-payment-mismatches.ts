/**
 * `GET /api/admin/payment-mismatches`: Stripe payments that disagreed with the payment they named
 * (amount, currency or customer) and so paid nothing. Loaded with the dashboard, so the count shows
 * without opening the panel; polled like the rest of the admin data.
 */
import { AdminPaymentMismatchesResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getPaymentMismatches = (signal?: AbortSignal) => api.get("/api/admin/payment-mismatches", AdminPaymentMismatchesResponseSchema, { signal });

export const usePaymentMismatches = () =>
  useQuery({ queryKey: adminKeys.paymentMismatches(), queryFn: ({ signal }) => getPaymentMismatches(signal), ...ADMIN_FRESHNESS });
