/**
 * Purchases the provider reported at another price than the song's. None was credited to an artist
 * (the share is computed on the catalogue's price only); this panel is where an operator finds them,
 * with both prices, to settle them with the provider.
 */
import { usePurchaseMismatches } from "../api/get-purchase-mismatches";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";
import { Moment } from "./moment";
import { formatCents } from "../admin-format";

export function PurchaseMismatchesPanel() {
  const mismatches = usePurchaseMismatches();
  return (
    <AdminListPanel
      title="Purchase price mismatches"
      count={mismatches.data?.mismatches.length ?? null}
      description="Purchases the provider reported at another price than the song's. None of them was credited to an artist."
      read={mismatches}
      noun="purchase price mismatches"
      caption="Purchases reported at another price than the song's"
      columns={["Reported", "Purchase", "Song", "Song's price", "Reported price"]}
      rows={() =>
        mismatches.data?.mismatches.map((mismatch) => (
          <tr key={mismatch.id} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <Moment iso={mismatch.detectedAt} />
            </td>
            <td className={`${cell} font-mono break-all`}>{mismatch.purchaseId}</td>
            <td className={cell}>
              {mismatch.songTitle}
              <span className="block font-mono text-muted break-all">{mismatch.songId}</span>
            </td>
            <td className={cell}>{formatCents(mismatch.cataloguePriceCents)}</td>
            <td className={cell}>{formatCents(mismatch.reportedPriceCents)}</td>
          </tr>
        ))
      }
    />
  );
}
