/**
 * Refunds of rejected songs' fees (docs/decisions/025): song, artist, amount, status, reason, date. A
 * failed refund is money the card did not take back: an operator sends it again (**Retry refund**, a
 * new Stripe refund) or returns it another way. One waiting for funds is held by Stripe until its
 * available balance covers it: an operator tops up.
 */
import { waitsForFunds, type AdminRefund } from "@jplay/schema/refunds";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useRefunds, useRetryRefund } from "../api/get-refunds";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";
import { Moment } from "./moment";
import { formatCents } from "../admin-format";

const STATUS_LABELS: Record<AdminRefund["status"], string> = {
  pending: "On its way",
  requires_action: "Needs action",
  succeeded: "Refunded",
  failed: "Failed",
  canceled: "Canceled",
};

/** A failed refund's **Retry refund**; `retry` belongs to the panel: the row changes once the list is read again. */
function RetryRefund({ refund, retry }: { refund: AdminRefund; retry: ReturnType<typeof useRetryRefund> }) {
  if (refund.status !== "failed" && refund.status !== "canceled") return null;
  const sending = retry.isPending && retry.variables.refundId === refund.id;
  return (
    <Button
      size="sm"
      variant="secondary"
      className="mt-2"
      aria-label={`Retry the refund of ${refund.songTitle ?? refund.id}`}
      disabled={sending}
      onClick={() =>
        retry.mutate(
          { refundId: refund.id },
          {
            onSuccess: () => toast.success("Refund sent again", `The refund of “${refund.songTitle ?? refund.id}” is on its way again.`),
            onError: (error) => toast.error("Refund not sent", apiErrorMessage(error, "Please try again.")),
          },
        )
      }
    >
      {sending ? "Sending…" : "Retry refund"}
    </Button>
  );
}

export function RefundsPanel() {
  const refunds = useRefunds();
  const retry = useRetryRefund();
  const failed = refunds.data?.failedCount ?? 0;
  const waiting = refunds.data?.waitingForFundsCount ?? 0;
  return (
    <AdminListPanel
      title="Refunds"
      count={refunds.data?.refunds.length ?? null}
      countNote={`${failed > 0 ? `, ${failed} failed` : ""}${waiting > 0 ? `, ${waiting} waiting for funds` : ""}`}
      description="Fees returned because the song was rejected. A failed refund did not reach the card: retry it, or return that money another way. One waiting for funds goes out once Stripe's available balance covers it: top up the balance."
      read={refunds}
      noun="refunds"
      caption="Refunds of rejected songs"
      columns={["Date", "Song", "Artist", "Amount", "Status", "Reason"]}
      rows={() =>
        refunds.data?.refunds.map((refund) => (
          <tr key={refund.id} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <Moment iso={refund.createdAt} />
            </td>
            <td className={cell}>{refund.songTitle ?? "—"}</td>
            <td className={cell}>
              {refund.artistName ?? "—"}
              <span className="block font-mono text-muted break-all">{refund.artistId}</span>
            </td>
            <td className={`${cell} tabular-nums`}>{formatCents(refund.amountCents)}</td>
            <td className={cell}>
              {waitsForFunds(refund) ? "Waiting for funds" : STATUS_LABELS[refund.status]}
              {refund.failureReason && <span className="block text-red-600 dark:text-red-400">{refund.failureReason}</span>}
              {refund.retries > 0 && <span className="block text-muted">Sent again {refund.retries === 1 ? "once" : `${refund.retries} times`}</span>}
              <RetryRefund refund={refund} retry={retry} />
            </td>
            <td className={cell}>{refund.reason}</td>
          </tr>
        ))
      }
    />
  );
}
