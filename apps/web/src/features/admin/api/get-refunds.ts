/**
 * `GET /api/admin/refunds`: refunds of rejected songs' fees (docs/decisions/025), with how many failed.
 * Loaded with the dashboard, so the failed count shows without opening the panel; polled like the rest.
 */
import { AdminRefundsResponseSchema } from "@jplay/schema/refunds";
import { api } from "@/lib/api-client";
import { useReadEvery } from "@/lib/read-every";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const useRefunds = () => useReadEvery(adminKeys.refunds(), () => api.get("/api/admin/refunds", AdminRefundsResponseSchema), ADMIN_DATA_FRESHNESS);
