/**
 * The Payment Methods tab (docs/product.md, Screens): select-all and 'N of M selected', then one row per saved
 * card with its artist, contact, card, first two songs and View Details. Counts and select-all
 * concern the rows the search shows: what the operator sees is what Retry Selected charges.
 */
import { useEffect, useRef } from "react";
import type { AdminPaymentRecord } from "@jplay/schema/admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ArtistCell, artistLabel, cardLabel, expiryLabel, songStatusVariant } from "./labels";
import { VirtualTable, cellClass } from "./virtual-table";

/** docs/product.md, Prices and limits: song badges show at most 2 titles. */
const SONG_BADGES = 2;

export interface PaymentMethodsTabProps {
  records: readonly AdminPaymentRecord[];
  selected: ReadonlySet<string>;
  onToggle: (paymentMethodId: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onViewDetails: (artistId: string) => void;
}

function SelectAll({ checked, indeterminate, onChange }: { checked: boolean; indeterminate: boolean; onChange: (checked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all payment methods"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      className="size-4 accent-accent"
    />
  );
}

export function PaymentMethodsTab({ records, selected, onToggle, onToggleAll, onViewDetails }: PaymentMethodsTabProps) {
  const selectedShown = records.reduce((count, record) => count + (selected.has(record.paymentMethodId) ? 1 : 0), 0);
  const allShownSelected = records.length > 0 && selectedShown === records.length;

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted" aria-live="polite">
        {selectedShown} of {records.length} selected
      </p>
      <VirtualTable
        label="Payment methods"
        rows={records}
        rowKey={(record) => record.paymentMethodId}
        empty="No payment methods found"
        columns={[
          {
            header: <SelectAll checked={allShownSelected} indeterminate={selectedShown > 0 && !allShownSelected} onChange={onToggleAll} />,
            className: "w-10",
          },
          { header: "Artist" },
          { header: "Contact" },
          { header: "Payment Method" },
          { header: "Songs" },
          { header: "Actions", className: "text-right" },
        ]}
        renderCells={(record) => (
          <>
            <td className={cellClass}>
              <input
                type="checkbox"
                aria-label={`Select ${artistLabel(record.artistName)}, ${cardLabel(record)}`}
                checked={selected.has(record.paymentMethodId)}
                onChange={(event) => onToggle(record.paymentMethodId, event.currentTarget.checked)}
                className="size-4 accent-accent"
              />
            </td>
            <td className={cellClass}>
              <ArtistCell record={record} />
            </td>
            <td className={cellClass}>{record.artistPhone || <span className="text-muted">No phone</span>}</td>
            <td className={cellClass}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{cardLabel(record)}</span>
                {record.isDefault && <Badge variant="secondary">Default</Badge>}
              </div>
              <div className="text-xs text-muted">Expires {expiryLabel(record.expMonth, record.expYear)}</div>
            </td>
            <td className={cellClass}>
              <div className="flex flex-wrap gap-1">
                {record.songs.slice(0, SONG_BADGES).map((song) => (
                  <Badge key={song.id} variant={songStatusVariant(song.status)}>
                    {song.title}
                  </Badge>
                ))}
                {record.songs.length > SONG_BADGES && <Badge variant="secondary">+{record.songs.length - SONG_BADGES} more</Badge>}
                {record.songs.length === 0 && <span className="text-muted">No songs</span>}
              </div>
            </td>
            <td className={`${cellClass} text-right`}>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`View Details for ${artistLabel(record.artistName)}`}
                onClick={() => onViewDetails(record.artistId)}
              >
                View Details
              </Button>
            </td>
          </>
        )}
      />
    </div>
  );
}
