/**
 * A sales report's range, from its query (docs/decisions/101-sales-reports.md): UTC days, both ends
 * included, defaulting to the period's usual window up to today (30 days, 26 weeks, 12 months), at most
 * three years; and the series' buckets between them, every one present, empty ones at zero. Pure.
 */
import { SALES_RANGE_MAX_DAYS, type SalesPeriod, type SalesPoint } from "@jplay/schema/sales-report";

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_DAYS = new Map<SalesPeriod, number>([
  ["day", 30],
  ["week", 26 * 7],
  ["month", 365],
]);

export interface SalesRange {
  from: string;
  to: string;
  fromMs: number;
  /** Exclusive: the day after `to`. */
  toMs: number;
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The range asked for, or why it cannot be read (a message for the caller). */
/** Why a range cannot be read. */
export type SalesRangeProblem = "not-a-day" | "from-after-to" | "too-long";

export function salesRange(period: SalesPeriod, now: number, from?: string, to?: string): SalesRange | { problem: SalesRangeProblem } {
  const toDay = to ?? isoDay(now);
  const fromDay = from ?? isoDay(dayMs(toDay) - ((DEFAULT_DAYS.get(period) ?? 30) - 1) * DAY_MS);
  const fromMs = dayMs(fromDay);
  const toMs = dayMs(toDay) + DAY_MS;
  if (Number.isNaN(fromMs) || Number.isNaN(toMs) || isoDay(fromMs) !== fromDay || isoDay(toMs - DAY_MS) !== toDay) return { problem: "not-a-day" };
  if (fromMs >= toMs) return { problem: "from-after-to" };
  if ((toMs - fromMs) / DAY_MS > SALES_RANGE_MAX_DAYS) return { problem: "too-long" };
  return { from: fromDay, to: toDay, fromMs, toMs };
}

/** The first day of the bucket holding `ms`. */
export function bucketStart(period: SalesPeriod, ms: number): string {
  const date = new Date(ms);
  if (period === "month") return `${isoDay(ms).slice(0, 7)}-01`;
  if (period === "week") return isoDay(ms - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  return isoDay(ms);
}

function nextBucket(period: SalesPeriod, start: string): string {
  const ms = dayMs(start);
  if (period === "day") return isoDay(ms + DAY_MS);
  if (period === "week") return isoDay(ms + 7 * DAY_MS);
  const date = new Date(ms);
  return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** Every bucket of the range in order, those without sales at zero. */
export function denseSeries(period: SalesPeriod, range: SalesRange, points: readonly SalesPoint[]): SalesPoint[] {
  const byStart = new Map(points.map((point) => [point.start, point]));
  const series: SalesPoint[] = [];
  for (let start = bucketStart(period, range.fromMs); dayMs(start) < range.toMs; start = nextBucket(period, start)) {
    series.push(byStart.get(start) ?? { start, units: 0, grossCents: 0, earnedCents: 0 });
  }
  return series;
}
