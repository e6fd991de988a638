/**
 * The artist's same-day sales (docs/decisions/101-sales-reports.md): by day, week or month, in all
 * and per song, by vendor, state and facility (a facility with fewer than five buyers is shown only
 * inside its state), how many times each song's preview was played and it was saved for later, the next payout they feed, a chart of sales over time loaded only here, and the
 * year's exports (DistroKid's columns, the DDEX DSR flat file). Mounted by the artist page in one line.
 */
import { lazy, Suspense, useState } from "react";
import { SALES_PERIODS, type SalesPeriod } from "@jplay/schema/sales-report";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { useI18n } from "@/lib/i18n";
import { formatDate, formatMoney } from "@/lib/i18n/format-values";
import { useArtistSales } from "../../api/get-artist-sales";

const SalesChart = lazy(() => import("@/components/sales-chart/sales-chart"));
const cell = tableCell("page");

export function ArtistSalesReport({ token }: { token: string }) {
  const i18n = useI18n();
  const [period, setPeriod] = useState<SalesPeriod>("day");
  const { data, isPending, isError } = useArtistSales(token, period);
  const periodNames: Record<SalesPeriod, string> = { day: i18n._("By day"), week: i18n._("By week"), month: i18n._("By month") };
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const year = new Date().getUTCFullYear();
  const files = `/api/artist/${encodeURIComponent(token)}/statements/${year}`;
  return (
    <div className="space-y-4" data-testid="artist-sales-report">
      <div role="group" aria-label={i18n._("Sales period")} className="flex flex-wrap gap-2">
        {SALES_PERIODS.map((each) => (
          <Button key={each} variant={each === period ? "primary" : "secondary"} size="sm" aria-pressed={each === period} onClick={() => setPeriod(each)}>
            {periodNames[each]}
          </Button>
        ))}
      </div>
      {isPending && <Spinner label={i18n._("Loading your sales")} />}
      {isError && <p role="alert">{i18n._("Your sales could not be loaded. Please reload the page.")}</p>}
      {data && (
        <>
          <p>
            {i18n._("{count} downloads, {amount} in sales, {earned} to you, from {from} to {to}.", {
              count: data.total.units,
              amount: money(data.total.grossCents),
              earned: money(data.total.earnedCents),
              from: formatDate(`${data.from}T00:00:00Z`, i18n.language, { dateStyle: "medium", timeZone: "UTC" }),
              to: formatDate(`${data.to}T00:00:00Z`, i18n.language, { dateStyle: "medium", timeZone: "UTC" }),
            })}{" "}
            {i18n._("They feed your next payout on {date} ({available} in your balance now).", {
              date: formatDate(`${data.nextPayout.on}T00:00:00Z`, i18n.language, { dateStyle: "medium", timeZone: "UTC" }),
              available: money(data.nextPayout.availableCents),
            })}
          </p>
          <Suspense fallback={<Spinner label={i18n._("Loading the chart")} />}>
            <SalesChart points={data.series} period={period} caption={i18n._("Sales over time")} />
          </Suspense>
          <DataTable
            size="page"
            caption={i18n._("Sales by song")}
            headings={[i18n._("Song"), i18n._("Downloads"), i18n._("Sales"), i18n._("Your share"), i18n._("Preview plays"), i18n._("Saved for later")]}
          >
            {data.bySong.map((row) => (
              <tr key={row.songId}>
                <td className={cell}>{row.title}</td>
                <td className={cell}>{row.units}</td>
                <td className={cell}>{money(row.grossCents)}</td>
                <td className={cell}>{money(row.earnedCents)}</td>
                <td className={cell}>{row.previews}</td>
                <td className={cell}>{row.saves}</td>
              </tr>
            ))}
          </DataTable>
          <DataTable size="page" caption={i18n._("Sales by place")} headings={[i18n._("Vendor or place"), i18n._("Downloads"), i18n._("Sales")]}>
            {data.byVendor.map((row) => (
              <tr key={`vendor:${row.vendor}`}>
                <td className={cell}>{i18n._("Vendor: {vendor}", { vendor: row.vendor })}</td>
                <td className={cell}>{row.units}</td>
                <td className={cell}>{money(row.grossCents)}</td>
              </tr>
            ))}
            {data.byFacility.map((row) => (
              <tr key={`facility:${row.state ?? ""}:${row.facility ?? ""}`}>
                <td className={cell}>
                  {row.facility === null
                    ? i18n._("Other facilities in {state}", { state: row.state ?? i18n._("No facility reported") })
                    : `${row.facility} (${row.state ?? ""})`}
                </td>
                <td className={cell}>{row.units}</td>
                <td className={cell}>{money(row.grossCents)}</td>
              </tr>
            ))}
          </DataTable>
          <p className="text-sm text-muted">{i18n._("A facility with fewer than five buyers in the period is shown only inside its state.")}</p>
          <p className="flex flex-wrap gap-4">
            <a className="underline" href={`${files}.csv`} download>
              {i18n._("{year} sales (DistroKid columns, CSV)", { year })}
            </a>
            <a className="underline" href={`${files}.dsr`} download>
              {i18n._("{year} sales (DDEX DSR file)", { year })}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
