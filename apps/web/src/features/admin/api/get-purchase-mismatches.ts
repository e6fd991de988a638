/**
 * `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the
 * song's, which credited nobody. Loaded with the dashboard, so the count shows without opening the
 * panel; polled like the rest of the admin data.
 */
import { AdminPurchaseMismatchesResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useReadEvery } from "@/lib/read-every";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const getPurchaseMismatches = (signal?: AbortSignal) => api.get("/api/admin/purchase-mismatches", AdminPurchaseMismatchesResponseSchema, { signal });

export const usePurchaseMismatches = () => useReadEvery(adminKeys.purchaseMismatches(), () => getPurchaseMismatches(), ADMIN_DATA_FRESHNESS);
