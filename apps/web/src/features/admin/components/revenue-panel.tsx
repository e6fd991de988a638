/**
 * Revenue over time for operators (docs/decisions/101-sales-reports.md): what listeners paid and the
 * platform's share by day, week or month, drawn by the same lazily loaded chart as the artist page,
 * with revenue by vendor and by state below it.
 */
import { lazy, Suspense, useState } from "react";
import { SALES_PERIODS, type SalesPeriod } from "@jplay/schema/sales-report";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { formatMoney } from "@/lib/i18n/format-values";
import { useRevenue } from "../api/get-revenue";

const SalesChart = lazy(() => import("@/components/sales-chart/sales-chart"));
const cell = tableCell("panel");
const money = (cents: number) => formatMoney(cents, "en");

export function RevenuePanel() {
  const [period, setPeriod] = useState<SalesPeriod>("month");
  const { data, isPending, isError } = useRevenue(period);
  return (
    <section aria-labelledby="revenue-heading" className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id="revenue-heading" className="text-xl font-bold">
        Revenue
      </h2>
      <div role="group" aria-label="Revenue period" className="flex flex-wrap gap-2">
        {SALES_PERIODS.map((each) => (
          <Button key={each} variant={each === period ? "primary" : "secondary"} size="sm" aria-pressed={each === period} onClick={() => setPeriod(each)}>
            By {each}
          </Button>
        ))}
      </div>
      {isPending && <Spinner label="Loading revenue" />}
      {isError && <p role="alert">Revenue could not be loaded. Refresh to try again.</p>}
      {data && (
        <>
          <p>
            {data.total.units} downloads, {money(data.total.grossCents)} paid by listeners, {money(data.total.earnedCents)} to the platform, {data.from} to{" "}
            {data.to} (UTC).
          </p>
          <Suspense fallback={<Spinner label="Loading the chart" />}>
            <SalesChart points={data.series} period={period} caption="Sales over time" />
          </Suspense>
          <DataTable size="panel" caption="Revenue by vendor and state" headings={["Vendor or state", "Downloads", "Paid by listeners", "Platform's share"]}>
            {[
              ...data.byVendor.map((row) => ({ key: `vendor:${row.vendor}`, name: `Vendor: ${row.vendor}`, ...row })),
              ...data.byState.map((row) => ({ key: `state:${row.state ?? ""}`, name: row.state ?? "No facility reported", ...row })),
            ].map((row) => (
              <tr key={row.key}>
                <td className={cell}>{row.name}</td>
                <td className={cell}>{row.units}</td>
                <td className={cell}>{money(row.grossCents)}</td>
                <td className={cell}>{money(row.earnedCents)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
