/**
 * The artist's sales by facility state at the price paid (docs/decisions/071-facility-price-ceilings.md):
 * a facility's price ceiling can make a song sell for less there, so the artist sees where and at what
 * price their downloads sold — never who bought them.
 */
import type { ArtistStateSales } from "@jplay/schema/artist";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";

export function ArtistSalesByState({ rows }: { rows: ArtistStateSales[] }) {
  const i18n = useI18n();
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{i18n._("Sales by facility state and price paid")}</caption>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className="px-4 py-2">
              {i18n._("Facility state")}
            </th>
            <th scope="col" className="px-4 py-2">
              {i18n._("Price paid")}
            </th>
            <th scope="col" className="px-4 py-2">
              {i18n._("Downloads")}
            </th>
            <th scope="col" className="px-4 py-2">
              {i18n._("Sales")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={`${row.state ?? ""}:${row.priceCents}`}>
              <td className="px-4 py-2">{row.state ?? i18n._("No facility reported")}</td>
              <td className="px-4 py-2">{formatMoney(row.priceCents, i18n.language)}</td>
              <td className="px-4 py-2">{row.purchases}</td>
              <td className="px-4 py-2">{formatMoney(row.grossCents, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
