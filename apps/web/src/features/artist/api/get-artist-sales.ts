/**
 * `GET /api/artist/{token}/sales`: the artist's same-day sales by day, week or month, with their
 * breakdowns and next payout (docs/decisions/101-sales-reports.md). Read through TanStack Query like
 * the rest of the artist page; checked against the answer's schema.
 */
import { useQuery } from "@tanstack/react-query";
import { ArtistSalesResponseSchema, type SalesPeriod } from "@jplay/schema/sales-report";
import { api } from "@/lib/api-client";

export const artistSalesPath = (token: string, period: SalesPeriod) => `/api/artist/${encodeURIComponent(token)}/sales?period=${period}`;

export const useArtistSales = (token: string, period: SalesPeriod) =>
  useQuery({ queryKey: ["artist", "sales", token, period], queryFn: () => api.get(artistSalesPath(token, period), ArtistSalesResponseSchema) });
