/**
 * A sales report's query read from a request (docs/decisions/101-sales-reports.md): the period, the
 * range (salesRange) and the song, or a 400 saying what to send. Shared by the artist's and the
 * operator's report routes.
 */
import type { Context } from "hono";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { SalesQuerySchema, type SalesPeriod } from "@jplay/schema/sales-report";
import type { AppEnv } from "../platform/env";
import { badRequest } from "../platform/errors";
import { type SalesRange, type SalesRangeProblem, salesRange } from "./sales-range";

const PROBLEMS = new Map<SalesRangeProblem, string>([
  ["not-a-day", /*i18n*/ "Give days as YYYY-MM-DD."],
  ["from-after-to", /*i18n*/ "The report's first day comes after its last."],
  ["too-long", /*i18n*/ "A report covers at most three years."],
]);

export function readSalesQuery(c: Context<AppEnv>): { period: SalesPeriod; range: SalesRange; songId?: string } {
  const parsed = v.safeParse(SalesQuerySchema, c.req.query());
  if (!parsed.success) throw badRequest(firstIssue(parsed.issues));
  const { period, from, to, songId } = parsed.output;
  const range = salesRange(period, c.var.ctx.now(), from, to);
  if ("problem" in range) throw badRequest(PROBLEMS.get(range.problem)!);
  return { period, range, songId };
}
