/**
 * `GET /api/admin/revenue?period=`: revenue over time by vendor, state and facility, the songs that
 * sold most (docs/decisions/101-sales-reports.md). Admin data: fresh for 30 s, refetched every 60 s.
 */
import { useQuery } from "@tanstack/react-query";
import { SalesReportSchema, type SalesPeriod } from "@jplay/schema/sales-report";
import { api } from "@/lib/api-client";
import { ADMIN_FRESHNESS } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useRevenue = (period: SalesPeriod) =>
  useQuery({
    queryKey: adminKeys.revenue(period),
    queryFn: ({ signal }) => api.get(`/api/admin/revenue?period=${period}`, SalesReportSchema, { signal }),
    ...ADMIN_FRESHNESS,
  });
