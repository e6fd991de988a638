/**
 * Which recovery offer an address shows (docs/product.md, Screens): tier 1 or 2, 1 by default; any other
 * value is ignored (tier 1). The offer's figures all come from RECOVERY_TIERS and PACKAGES.
 */
import type { RecoveryTier } from "@jplay/schema/pricing";

export const FINAL_TIER: RecoveryTier = 2;

export function parseTier(param: string | undefined): RecoveryTier {
  return param === "2" ? 2 : 1;
}

/** A tier the server suggested, if it is one this screen can show. */
export function suggestedTier(value: unknown): RecoveryTier | null {
  return value === 1 || value === 2 || value === "1" || value === "2" ? (Number(value) as RecoveryTier) : null;
}

