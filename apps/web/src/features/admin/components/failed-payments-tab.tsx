/**
 * The Failed Payments tab (docs/product.md, Screens): amber rows for artists without a successful payment
 * (Charge $7.99, and Charge All $7.99 above the table), then the songs whose payment is pending or
 * processing, each with its own retry.
 */
import type { AdminPaymentRecord } from "@jplay/schema/admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { FailedPaymentsView, SongRow } from "../admin-data";
import { ArtistCell, artistLabel, cardLabel } from "./labels";
import { VirtualTable, cellClass } from "./virtual-table";

type Row = { kind: "unpaid"; record: AdminPaymentRecord } | { kind: "song"; row: SongRow };

export interface FailedPaymentsTabProps {
  view: FailedPaymentsView;
  processing: boolean;
  onChargeInitial: (records: readonly AdminPaymentRecord[]) => void;
  onRetrySong: (row: SongRow) => void;
}

export function FailedPaymentsTab({ view, processing, onChargeInitial, onRetrySong }: FailedPaymentsTabProps) {
  const rows: Row[] = [
    ...view.unpaidArtists.map((record) => ({ kind: "unpaid" as const, record })),
    ...view.pendingSongs.map((row) => ({ kind: "song" as const, row })),
  ];

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Songs with pending or failed payment status</p>
        {view.unpaidArtists.length > 0 && (
          <Button size="sm" disabled={processing} onClick={() => onChargeInitial(view.unpaidArtists)}>
            Charge All $7.99
          </Button>
        )}
      </div>
      <VirtualTable
        label="Failed payments"
        rows={rows}
        rowKey={(row) => (row.kind === "unpaid" ? `artist:${row.record.artistId}` : `song:${row.row.song.id}`)}
        empty="No failed payments found"
        rowClassName={(row) => (row.kind === "unpaid" ? "bg-amber-50 dark:bg-amber-950/40" : undefined)}
        columns={[{ header: "Artist" }, { header: "Song" }, { header: "Payment Method" }, { header: "Status" }, { header: "Actions", className: "text-right" }]}
        renderCells={(row) =>
          row.kind === "unpaid" ? (
            <>
              <td className={cellClass}>
                <ArtistCell record={row.record} />
              </td>
              <td className={cellClass}>
                <div className="font-semibold text-amber-900 dark:text-amber-200">No successful payments</div>
                <div className="text-xs text-amber-800 dark:text-amber-300">Initial charge needed</div>
              </td>
              <td className={cellClass}>{cardLabel(row.record)}</td>
              <td className={cellClass}>
                <Badge variant="warning">No Payments</Badge>
              </td>
              <td className={`${cellClass} text-right`}>
                <Button
                  size="sm"
                  disabled={processing}
                  aria-label={`Charge $7.99 to ${artistLabel(row.record.artistName)}, ${cardLabel(row.record)}`}
                  onClick={() => onChargeInitial([row.record])}
                >
                  Charge $7.99
                </Button>
              </td>
            </>
          ) : (
            <>
              <td className={cellClass}>
                <ArtistCell record={row.row.record} />
              </td>
              <td className={cellClass}>
                <div className="font-semibold">{row.row.song.title}</div>
                <div className="truncate font-mono text-xs text-muted">ID: {row.row.song.id}</div>
              </td>
              <td className={cellClass}>{cardLabel(row.row.record)}</td>
              <td className={cellClass}>
                {row.row.song.processingPayment ? <Badge variant="secondary">Processing</Badge> : <Badge variant="destructive">Failed</Badge>}
              </td>
              <td className={`${cellClass} text-right`}>
                <Button
                  variant="secondary"
                  size="sm"
                  // A payment already in flight is not charged again.
                  disabled={processing || row.row.song.processingPayment}
                  aria-label={`Retry payment for ${row.row.song.title}`}
                  onClick={() => onRetrySong(row.row)}
                >
                  Retry
                </Button>
              </td>
            </>
          )
        }
      />
    </div>
  );
}
