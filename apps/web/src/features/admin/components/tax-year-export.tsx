/**
 * The year's payouts per payee for tax reporting: the operator picks a calendar year and downloads
 * `GET /api/admin/tax-year/{YYYY}.csv` (each artist and collaborator, Stripe account, amount paid, payouts; never a tax id:
 * Stripe keeps those). docs/decisions/063-payout-minimum-and-tax-details.md
 */
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

/** The years offered: JPlay's first payouts up to this one (the export answers 2020–2100). */
const FIRST_YEAR = 2020;

export function TaxYearExport({ now = new Date() }: { now?: Date }) {
  const thisYear = now.getUTCFullYear();
  // Tax reporting is done early in the next year: last year first.
  const [year, setYear] = useState(String(Math.max(FIRST_YEAR, thisYear - 1)));
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => String(thisYear - i));
  return (
    <section aria-labelledby="tax-year-heading" className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <div className="space-y-1">
        <h2 id="tax-year-heading" className="text-xl font-bold">
          Payouts for tax reporting
        </h2>
        <p className="text-sm text-muted">
          What each artist and each collaborator was paid in a calendar year (UTC), with their Stripe account: Stripe keeps the tax details they gave in payout
          setup. Pending and failed payouts are left out.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Year" error={null}>
          {(control) => (
            <select {...control} name="taxYear" value={year} onChange={(event) => setYear(event.currentTarget.value)} className={inputClass(false)}>
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
        <a href={`/api/admin/tax-year/${year}.csv`} download={`jplay-payouts-${year}.csv`} className={buttonClass("secondary")}>
          Download {year} CSV
        </a>
      </div>
    </section>
  );
}
