/**
 * `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the
 * song's, which credited nobody. Loaded with the dashboard, so the count shows without opening the
 * panel; polled like the rest of the admin data.
 */
import { AdminPurchaseMismatchesResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getPurchaseMismatches = (signal?: AbortSignal) => api.get("/api/admin/purchase-mismatches", AdminPurchaseMismatchesResponseSchema, { signal });

export const usePurchaseMismatches = () =>
  useQuery({ queryKey: adminKeys.purchaseMismatches(), queryFn: ({ signal }) => getPurchaseMismatches(signal), ...ADMIN_FRESHNESS });
