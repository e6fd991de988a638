/**
 * How the admin portal writes money and moments, one way each. Money is the schema's `formatMoney`
 * (the one the artist's screens and texts use; the portal is in English); a moment is the operator's
 * own browser's local date and time. The product's admin data gives song fees in dollars
 * (docs/product.md), written here through the same formatter.
 */
import { formatMoney } from "@/lib/i18n/format-values";

export const formatCents = (cents: number) => formatMoney(cents, "en");

/** A fee the admin data gives in dollars. */
export const formatDollars = (dollars: number) => formatCents(Math.round(dollars * 100));

/** An ISO timestamp in the operator's local time; what is not a date is shown as it came. */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toLocaleString();
}
