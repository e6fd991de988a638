/**
 * `GET /api/admin/tax-year/{YYYY}.csv`: the year's paid payouts per artist, for tax reporting
 * (ledger/tax-year.ts; docs/decisions/063-payout-minimum-and-tax-details.md). Behind the admin
 * sign-in like every admin route; answered as a download, never cached.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { TAX_YEAR_FIRST, TAX_YEAR_LAST, loadTaxYear, taxYearCsv, taxYearFileName } from "../../ledger/index";

export const adminTaxYearRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const match = /^(\d{4})\.csv$/.exec(c.req.param("file"));
  const year = match ? Number(match[1]) : NaN;
  if (!(year >= TAX_YEAR_FIRST && year <= TAX_YEAR_LAST))
    throw badRequest(`Ask for a year from ${TAX_YEAR_FIRST} to ${TAX_YEAR_LAST} as /api/admin/tax-year/YYYY.csv.`);
  const csv = taxYearCsv(await loadTaxYear(c.var.ctx, year));
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${taxYearFileName(year)}"`,
    "Cache-Control": "no-store",
  });
});
