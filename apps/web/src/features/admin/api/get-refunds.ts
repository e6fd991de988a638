/**
 * `GET /api/admin/refunds`: refunds of rejected songs' fees (docs/decisions/025), with how many failed.
 * Loaded with the dashboard, so the failed count shows without opening the panel; polled like the rest.
 */
import { AdminRefundsResponseSchema } from "@jplay/schema/refunds";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useRefunds = () => useQuery({ queryKey: adminKeys.refunds(), queryFn: () => api.get("/api/admin/refunds", AdminRefundsResponseSchema), ...ADMIN_FRESHNESS });
