/**
 * `GET /api/admin/funding`: what is owed to artists, Stripe's balance, the shortfall to top up and the
 * provider's settlements. Admin data: fresh for 30 s, refetched every 60 s, as the other admin reads.
 */
import { PayoutFundingResponseSchema } from "@jplay/schema/funding";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getPayoutFunding = (signal?: AbortSignal) => api.get("/api/admin/funding", PayoutFundingResponseSchema, { signal });

export const usePayoutFunding = () => useQuery({ queryKey: adminKeys.funding(), queryFn: ({ signal }) => getPayoutFunding(signal), ...ADMIN_FRESHNESS });
