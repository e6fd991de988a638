/**
 * /api/admin/revenue (docs/decisions/101-sales-reports.md): the operator's revenue over time,
 * `GET /?period=day|week|month&from&to` — what listeners paid and the platform's share, by day, week
 * or month, by vendor, state and facility, and the 50 songs that sold most (reports/load-sales-report.ts).
 */
import { Hono } from "hono";
import type { SalesReport } from "@jplay/schema/sales-report";
import type { AppEnv } from "../../platform/env";
import { loadSalesReport, readSalesQuery } from "../../reports/index";

const TOP_SONGS = 50;

export const adminRevenueRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { period, range, songId } = readSalesQuery(c);
  const report = await loadSalesReport(c.var.ctx, { artistId: null, period, range, songId, topSongs: TOP_SONGS });
  return c.json<SalesReport>(report, 200, { "Cache-Control": "no-store" });
});
