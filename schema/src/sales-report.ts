/**
 * The sales report's request rules and answers, shared by the Worker and the web app
 * (docs/architecture.md, Validation written once; Checked answers): the artist's same-day sales
 * (`GET /api/artist/{token}/sales`) and the operator's revenue (`GET /api/admin/revenue`), each a
 * series by day, week or month with breakdowns by vendor, state and facility. Counts and cents only:
 * no listener, device or time of day is ever part of an answer, and a facility with fewer than
 * SMALL_CELL_BUYERS buyers in the period is folded into its state (docs/decisions/101-sales-reports.md).
 */
import * as v from "valibot";

export const SALES_PERIODS = ["day", "week", "month"] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** Fewer buyers than this in a cell, and the cell is shown only inside its state. */
export const SMALL_CELL_BUYERS = 5;

/** The longest range one report covers: three years and a day. */
export const SALES_RANGE_MAX_DAYS = 3 * 366 + 1;

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const day = v.pipe(v.string(), v.regex(ISO_DAY, "Give days as YYYY-MM-DD."));

/** The query of a sales report; `from` and `to` are UTC days, both included. */
export const SalesQuerySchema = v.object({
  period: v.optional(v.picklist(SALES_PERIODS, "The period is day, week or month."), "day"),
  from: v.optional(day),
  to: v.optional(day),
  songId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
export type SalesQuery = v.InferOutput<typeof SalesQuerySchema>;

export const SalesFiguresSchema = v.object({
  /** Downloads bought, less any given back. */
  units: v.number(),
  /** What listeners paid, in cents. */
  grossCents: v.number(),
  /** What the ledger credited the artist (after splits); the platform's revenue on the operator's report. */
  earnedCents: v.number(),
});
export type SalesFigures = v.InferOutput<typeof SalesFiguresSchema>;

/** One bucket of the series: its first day (a Monday for weeks, the 1st for months). */
export const SalesPointSchema = v.object({ start: v.string(), ...SalesFiguresSchema.entries });
export type SalesPoint = v.InferOutput<typeof SalesPointSchema>;

export const VendorSalesSchema = v.object({ vendor: v.string(), ...SalesFiguresSchema.entries });
/** `state` null: facilities JPlay does not know (older reports name none). */
export const StateSalesSchema = v.object({ state: v.nullable(v.string()), ...SalesFiguresSchema.entries });
/**
 * A facility row; `facility` null is the state's other facilities together, each of them with fewer
 * than SMALL_CELL_BUYERS buyers in the period.
 */
export const FacilitySalesSchema = v.object({ state: v.nullable(v.string()), facility: v.nullable(v.string()), ...SalesFiguresSchema.entries });
export type FacilitySales = v.InferOutput<typeof FacilitySalesSchema>;

/** A song's sales, and how many times in the period its preview was started and it was saved for later (counts only). */
export const SongSalesSchema = v.object({ songId: v.string(), title: v.string(), ...SalesFiguresSchema.entries, previews: v.number(), saves: v.number() });
export type SongSales = v.InferOutput<typeof SongSalesSchema>;

export const SalesReportSchema = v.object({
  period: v.picklist(SALES_PERIODS),
  from: v.string(),
  to: v.string(),
  total: SalesFiguresSchema,
  series: v.array(SalesPointSchema),
  byVendor: v.array(VendorSalesSchema),
  byState: v.array(StateSalesSchema),
  byFacility: v.array(FacilitySalesSchema),
  bySong: v.array(SongSalesSchema),
});
export type SalesReport = v.InferOutput<typeof SalesReportSchema>;

/** The artist's report, with the next payout those sales feed. */
export const ArtistSalesResponseSchema = v.object({
  ...SalesReportSchema.entries,
  nextPayout: v.object({ on: v.string(), availableCents: v.number(), minimumCents: v.number() }),
});
export type ArtistSalesResponse = v.InferOutput<typeof ArtistSalesResponseSchema>;
