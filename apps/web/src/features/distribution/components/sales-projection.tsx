/**
 * The projected sales chart of the offer screen (docs/product.md, Screens; Prices and limits): fixed sample figures adding
 * up to the sample projection of $45,250, labelled as a sample so nobody reads it as a promise.
 * Each bar carries its figure as text, so the chart reads the same to a screen reader.
 */
import { useI18n } from "@/lib/i18n";
import { slots, withElements } from "@/lib/i18n/with-elements";

/** Sample monthly sales in whole dollars; they add up to SAMPLE_PROJECTION_DOLLARS. */
export const SAMPLE_MONTHS = [
  { month: 1, dollars: 2_100 },
  { month: 2, dollars: 4_350 },
  { month: 3, dollars: 6_800 },
  { month: 4, dollars: 8_900 },
  { month: 5, dollars: 10_600 },
  { month: 6, dollars: 12_500 },
] as const;

export const SAMPLE_PROJECTION_DOLLARS = 45_250;

const dollars = (value: number) => `$${value.toLocaleString("en-US")}`;

export function SalesProjection() {
  const i18n = useI18n();
  const highest = Math.max(...SAMPLE_MONTHS.map((entry) => entry.dollars));
  return (
    <section aria-labelledby="projection-heading" className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="projection-heading" className="text-xl font-bold">
          {i18n._("Projected sales")}
        </h2>
        <p className="text-sm text-muted">
          {withElements(i18n._("sample projection {amount}", slots("amount")), {
            amount: <span className="text-lg font-bold text-fg">{dollars(SAMPLE_PROJECTION_DOLLARS)}</span>,
          })}
        </p>
      </div>
      <ol className="flex h-48 items-end gap-2 sm:gap-3" aria-label={i18n._("Sample sales by month")}>
        {SAMPLE_MONTHS.map((entry) => (
          <li key={entry.month} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs font-semibold">{dollars(entry.dollars)}</span>
            <span aria-hidden="true" className="w-full rounded-t-lg bg-accent" style={{ height: `${Math.round((entry.dollars / highest) * 100)}%` }} />
            <span className="text-xs text-muted">{i18n._("Month {number}", { number: entry.month })}</span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">{i18n._("Sample figures for illustration only; real sales depend on your listeners.")}</p>
    </section>
  );
}
