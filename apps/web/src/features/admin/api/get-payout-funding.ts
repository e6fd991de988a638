/**
 * `GET /api/admin/funding`: what is owed to artists, Stripe's balance, the shortfall to top up and the
 * provider's settlements. Admin data: fresh for 30 s, refetched every 60 s, as the other admin reads.
 */
import { PayoutFundingResponseSchema } from "@jplay/schema/funding";
import { api } from "@/lib/api-client";
import { useReadEvery } from "@/lib/read-every";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const getPayoutFunding = (signal?: AbortSignal) => api.get("/api/admin/funding", PayoutFundingResponseSchema, { signal });

export const usePayoutFunding = () => useReadEvery(adminKeys.funding(), () => getPayoutFunding(), ADMIN_DATA_FRESHNESS);
