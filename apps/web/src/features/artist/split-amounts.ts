/**
 * What an artist types in the splits form (components/song-splits.tsx), read exactly: a share in
 * percent with at most two decimals becomes whole basis points, an amount in dollars whole cents.
 * No floating point: "0.29" is 29 basis points, not 28.999….
 */
import { SPLIT_TOTAL_BPS } from "@jplay/schema/splits";

/** Basis points of a percent typed with at most two decimals (`"12.5"` → 1250); null when it is not one. */
export function basisPointsOf(percent: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(percent.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints >= 1 && basisPoints <= SPLIT_TOTAL_BPS ? basisPoints : null;
}

/** Cents of an amount typed in dollars with at most two decimals; null when it is not one. */
export function centsOf(amount: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents >= 1 ? cents : null;
}
