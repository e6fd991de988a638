/**
 * The tablet provider's purchase report (POST /api/provider/purchases), written once with valibot so
 * the route and the tests agree on every rule. Each purchase names the listener's download by the
 * provider's own id; reporting it again changes nothing.
 */
import * as v from "valibot";
import { SONG_PRICE_MAX_CENTS } from "./pricing";

/** Purchases per report: one report is one D1 batch, well inside the Worker's limits. */
export const MAX_PURCHASES_PER_REPORT = 500;
/** A signed report is accepted this long after its timestamp (replays later are refused)… */
export const PROVIDER_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;
/** …and this far ahead of the server's clock (clock skew). */
export const PROVIDER_SIGNATURE_MAX_SKEW_SECONDS = 60;
/** Raw body size refused before parsing (500 purchases fit in well under 200 KB). */
export const MAX_PURCHASE_REPORT_BYTES = 256 * 1024;

export const PurchaseSchema = v.object({
  purchaseId: v.pipe(
    v.string("purchaseId must be a string"),
    v.minLength(1, "purchaseId must not be empty"),
    v.maxLength(128, "purchaseId must be at most 128 characters"),
    v.regex(/^[A-Za-z0-9._:-]+$/, "purchaseId may contain only letters, digits and . _ : -"),
  ),
  songId: v.pipe(v.string("songId must be a string"), v.minLength(1, "songId must not be empty"), v.maxLength(128, "songId must be at most 128 characters")),
  priceCents: v.pipe(
    v.number("priceCents must be a number"),
    v.integer("priceCents must be a whole number of cents"),
    v.minValue(1, `priceCents must be between 1 and ${SONG_PRICE_MAX_CENTS}`),
    v.maxValue(SONG_PRICE_MAX_CENTS, `priceCents must be between 1 and ${SONG_PRICE_MAX_CENTS}`),
  ),
  purchasedAt: v.pipe(
    v.string("purchasedAt must be an ISO 8601 timestamp string"),
    v.isoTimestamp("purchasedAt must be an ISO 8601 timestamp with a time zone, e.g. 2026-11-23T04:05:06Z"),
    v.check((value) => Number.isFinite(Date.parse(value)), "purchasedAt is not a valid date"),
  ),
});

export const PurchaseReportSchema = v.object({
  purchases: v.pipe(
    v.array(PurchaseSchema, "purchases must be an array"),
    v.minLength(1, "purchases must hold at least one purchase"),
    v.maxLength(MAX_PURCHASES_PER_REPORT, `A report holds at most ${MAX_PURCHASES_PER_REPORT} purchases; send the rest in another report`),
  ),
});

export type ReportedPurchase = v.InferOutput<typeof PurchaseSchema>;
export type PurchaseReport = v.InferOutput<typeof PurchaseReportSchema>;

/** What happened to one reported purchase. */
export type PurchaseOutcome =
  | { purchaseId: string; status: "recorded" }
  /** Already recorded by an earlier report: nothing changed. */
  | { purchaseId: string; status: "duplicate" }
  /** Not recorded; `reason` says why (unknown song, song not in the catalogue). */
  | { purchaseId: string; status: "rejected"; code: "unknown_song" | "song_not_distributed" | "song_has_no_artist" | "purchased_in_future" | "price_mismatch"; reason: string };

export interface PurchaseReportAnswer {
  recorded: number;
  duplicates: number;
  rejected: number;
  results: PurchaseOutcome[];
}
