/**
 * Which recovery offer an address shows (docs/product.md, Screens): tier 1 or 2, 1 by default; any other
 * value is ignored (tier 1). The offer's figures all come from RECOVERY_TIERS and PACKAGES.
 */
import type { RecoveryTier } from "@jplay/schema/pricing";
import type { Translator } from "@/lib/i18n";

export const FINAL_TIER: RecoveryTier = 2;

export function parseTier(param: string | undefined): RecoveryTier {
  return param === "2" ? 2 : 1;
}

/** The offer's name (RECOVERY_TIERS' `title`) in the screen's language. */
export const tierTitle = (tier: RecoveryTier, i18n: Translator) => (tier === 2 ? i18n._("Final Offer") : i18n._("Special Offer"));

/** A tier the server suggested, if it is one this screen can show. */
export function suggestedTier(value: unknown): RecoveryTier | null {
  return value === 1 || value === 2 || value === "1" || value === "2" ? (Number(value) as RecoveryTier) : null;
}
