/**
 * Refunds of rejected songs' fees (docs/decisions/025): song, artist, amount, status, reason, date. A
 * failed refund is money the card did not take back: an operator returns it another way.
 */
import type { AdminRefund } from "@jplay/schema/refunds";
import { formatCents } from "../admin-data";
import { useRefunds } from "../api/get-refunds";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";

const STATUS_LABELS: Record<AdminRefund["status"], string> = {
  pending: "On its way",
  requires_action: "Needs action",
  succeeded: "Refunded",
  failed: "Failed",
  canceled: "Canceled",
};

export function RefundsPanel() {
  const refunds = useRefunds();
  const failed = refunds.data?.failedCount ?? 0;
  return (
    <AdminListPanel
      title="Refunds"
      count={refunds.data?.refunds.length ?? null}
      countNote={failed > 0 ? `, ${failed} failed` : ""}
      description="Fees returned because the song was rejected. A failed refund did not reach the card: return that money another way."
      read={refunds}
      noun="refunds"
      caption="Refunds of rejected songs"
      columns={["Date", "Song", "Artist", "Amount", "Status", "Reason"]}
      rows={() =>
        refunds.data?.refunds.map((refund) => (
          <tr key={refund.id} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <time dateTime={refund.createdAt}>{new Date(refund.createdAt).toLocaleString()}</time>
            </td>
            <td className={cell}>{refund.songTitle ?? "—"}</td>
            <td className={cell}>
              {refund.artistName ?? "—"}
              <span className="block font-mono text-muted break-all">{refund.artistId}</span>
            </td>
            <td className={`${cell} tabular-nums`}>{formatCents(refund.amountCents)}</td>
            <td className={cell}>
              {STATUS_LABELS[refund.status]}
              {refund.failureReason && <span className="block text-red-600 dark:text-red-400">{refund.failureReason}</span>}
            </td>
            <td className={cell}>{refund.reason}</td>
          </tr>
        ))
      }
    />
  );
}
