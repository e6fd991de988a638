/**
 * Display facts of a package from the one pricing table (schema/src/pricing.ts): the fee, the
 * provider's revenue share and the delivery window as the screens word them. No money or
 * percentage is typed twice in the screens.
 */
import { PACKAGES } from "@jplay/schema/pricing";
import { english, type Translator } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";

export type PackageName = keyof typeof PACKAGES;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** 3000 → "30%". */
export const percentOfBps = (bps: number) => `${bps / 100}%`;

/** 2000 → "$20", 4999 → "$49.99": whole dollars without cents, as the marketing copy writes them. */
export const shortDollars = (cents: number, i18n: Translator = english) => (cents % 100 === 0 ? `$${cents / 100}` : formatMoney(cents, i18n.language));

/** "48 hours", "24 hours", "7-14 days", "14-30 days". */
export function deliveryText(name: PackageName, i18n: Translator = english): string {
  const { min, max } = PACKAGES[name].deliveryWindowMs;
  if (max < 3 * DAY_MS) {
    const hours = (value: number) => Math.round(value / HOUR_MS);
    return min === max ? i18n._("{hours} hours", { hours: hours(max) }) : i18n._("{min}-{max} hours", { min: hours(min), max: hours(max) });
  }
  const days = (value: number) => Math.round(value / DAY_MS);
  return min === max ? i18n._("{days} days", { days: days(max) }) : i18n._("{min}-{max} days", { min: days(min), max: days(max) });
}
