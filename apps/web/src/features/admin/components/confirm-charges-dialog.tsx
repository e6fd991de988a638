/**
 * The confirmation before any card is charged (docs/product.md, Screens, 'Retry Failed Payments'): how many,
 * the 'Important' warning to confirm with the customer first, and each charge with its card and the
 * amount the server will charge (pricing.ts). Initial $7.99 charges use the same dialog with their
 * own wording, because charging real cards in bulk deserves the same pause.
 */
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import type { PlannedCharge } from "../admin-data";
import type { ChargeKind } from "../use-run-charges";
import { artistLabel, cardLabel } from "./labels";
import { formatCents } from "../admin-format";

/** A long Charge All list shows its first rows and says how many more follow. */
const LISTED = 100;

export interface PendingConfirmation {
  kind: ChargeKind;
  charges: PlannedCharge[];
}

const texts = {
  retry: {
    title: "Retry Failed Payments",
    intro: (count: number) => `You are about to retry ${count} failed payment(s)...`,
    confirm: "Retry Payments",
  },
  initial: {
    title: "Charge Initial Fee",
    intro: (count: number) => `You are about to charge ${count} artist(s) $7.99 each...`,
    confirm: "Charge Artists",
  },
} as const;

export function ConfirmChargesDialog({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingConfirmation | null;
  onCancel: () => void;
  onConfirm: (pending: PendingConfirmation) => void;
}) {
  const kind = pending?.kind ?? "retry";
  const charges = pending?.charges ?? [];
  const total = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  return (
    <ModalDialog open={pending !== null} title={texts[kind].title} description={texts[kind].intro(charges.length)} onCancel={onCancel} wide>
      <div role="note" className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
        <strong>Important:</strong> Confirm with the customer before charging their card. Each payment below is charged to the saved card shown.
      </div>
      <ul aria-label="Payments to charge" className="max-h-[40vh] divide-y divide-line overflow-y-auto rounded-xl border border-line">
        {charges.slice(0, LISTED).map((charge) => (
          <li key={`${charge.request.paymentMethodId}:${charge.request.songId ?? "initial"}`} className="flex items-start justify-between gap-4 p-3 text-sm">
            <div className="min-w-0">
              <div className="font-semibold">{charge.songTitle ?? "Initial charge"}</div>
              <div className="text-muted">{artistLabel(charge.artistName)}</div>
              <div className="text-muted">{cardLabel(charge)}</div>
            </div>
            <div className="font-semibold tabular-nums">{formatCents(charge.amountCents)}</div>
          </li>
        ))}
        {charges.length > LISTED && <li className="p-3 text-sm text-muted">…and {charges.length - LISTED} more</li>}
      </ul>
      <p className="text-right text-sm">
        Total: <strong className="tabular-nums">{formatCents(total)}</strong>
      </p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => pending && onConfirm(pending)}>{texts[kind].confirm}</Button>
      </div>
    </ModalDialog>
  );
}
