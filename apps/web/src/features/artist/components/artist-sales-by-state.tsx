/**
 * The artist's sales by facility state at the price paid (docs/decisions/071-facility-price-ceilings.md):
 * a facility's price ceiling can make a song sell for less there, so the artist sees where and at what
 * price their downloads sold — never who bought them.
 */
import type { ArtistStateSales } from "@jplay/schema/artist";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { DataTable, tableCell } from "@/components/ui/data-table";

const cell = tableCell("page");

export function ArtistSalesByState({ rows }: { rows: ArtistStateSales[] }) {
  const i18n = useI18n();
  if (rows.length === 0) return null;
  return (
    <DataTable
      size="page"
      caption={i18n._("Sales by facility state and price paid")}
      headings={[i18n._("Facility state"), i18n._("Price paid"), i18n._("Downloads"), i18n._("Sales")]}
    >
      {rows.map((row) => (
        <tr key={`${row.state ?? ""}:${row.priceCents}`}>
          <td className={cell}>{row.state ?? i18n._("No facility reported")}</td>
          <td className={cell}>{formatMoney(row.priceCents, i18n.language)}</td>
          <td className={cell}>{row.purchases}</td>
          <td className={cell}>{formatMoney(row.grossCents, i18n.language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
