/**
 * Sales over time as a small hand-written SVG bar chart, with the same figures as a table behind a
 * toggle (docs/decisions/101-sales-reports.md): the artist page and the operator's revenue draw it,
 * and it is loaded lazily so only the screens that show it carry it. The SVG is one image with a
 * spoken summary; the table (a button with aria-expanded and aria-controls opens it) is what a screen
 * reader or a keyboard reads bar by bar. Colours come from the theme's tokens, so both themes hold.
 */
import { useId, useState } from "react";
import { useI18n } from "@/lib/i18n";
import { formatDate, formatMoney } from "@/lib/i18n/format-values";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { Button } from "@/components/ui/button";

export interface ChartPoint {
  start: string;
  units: number;
  grossCents: number;
}

const WIDTH = 640;
const HEIGHT = 200;
const GAP = 1;
const cell = tableCell("page");

export default function SalesChart({ points, caption, period }: { points: ChartPoint[]; caption: string; period: "day" | "week" | "month" }) {
  const i18n = useI18n();
  const [tableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  const max = Math.max(1, ...points.map((point) => point.grossCents));
  const barWidth = points.length === 0 ? 0 : WIDTH / points.length;
  const total = points.reduce((sum, point) => sum + point.grossCents, 0);
  const label = (start: string) =>
    formatDate(
      `${start}T00:00:00Z`,
      i18n.language,
      period === "month" ? { year: "numeric", month: "long", timeZone: "UTC" } : { dateStyle: "medium", timeZone: "UTC" },
    );
  const summary = i18n._("{caption}: {amount} from {from} to {to}.", {
    caption,
    amount: formatMoney(total, i18n.language),
    from: points.length > 0 ? label(points[0]!.start) : "",
    to: points.length > 0 ? label(points.at(-1)!.start) : "",
  });
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-48 w-full text-accent" preserveAspectRatio="none">
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-current text-muted" strokeWidth={1} />
        {points.map((point, index) => {
          const height = (point.grossCents / max) * (HEIGHT - 4);
          return (
            <rect
              key={point.start}
              x={index * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(barWidth - GAP, 0.5)}
              height={height}
              className="fill-current"
              data-start={point.start}
            />
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>{summary}</span>
        <Button variant="secondary" size="sm" aria-expanded={tableOpen} aria-controls={tableId} onClick={() => setTableOpen((open) => !open)}>
          {tableOpen ? i18n._("Hide the table") : i18n._("Show as a table")}
        </Button>
      </figcaption>
      <div id={tableId} hidden={!tableOpen}>
        {tableOpen && (
          <DataTable size="page" caption={caption} headings={[i18n._("Period"), i18n._("Downloads"), i18n._("Sales")]}>
            {points.map((point) => (
              <tr key={point.start}>
                <td className={cell}>{label(point.start)}</td>
                <td className={cell}>{point.units}</td>
                <td className={cell}>{formatMoney(point.grossCents, i18n.language)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </figure>
  );
}
