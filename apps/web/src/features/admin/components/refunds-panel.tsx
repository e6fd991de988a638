/**
 * Refunds of rejected songs' fees (docs/decisions/025): song, artist, amount, status, reason, date. A
 * failed refund is money the card did not take back: an operator returns it another way.
 */
import type { AdminRefund } from "@jplay/schema/refunds";
import { apiErrorMessage } from "@/lib/error-message";
import { formatCents } from "../admin-data";
import { useRefunds } from "../api/get-refunds";

const STATUS_LABELS: Record<AdminRefund["status"], string> = {
  pending: "On its way",
  requires_action: "Needs action",
  succeeded: "Refunded",
  failed: "Failed",
  canceled: "Canceled",
};

export function RefundsPanel() {
  const refunds = useRefunds();
  const count = refunds.data?.refunds.length ?? 0;
  const failed = refunds.data?.failedCount ?? 0;
  return (
    <details className="rounded-2xl border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold">
        Refunds{refunds.data ? ` (${count}${failed > 0 ? `, ${failed} failed` : ""})` : ""}
      </summary>
      <div className="mt-3 space-y-2 text-sm">
        <p className="text-muted">Fees returned because the song was rejected. A failed refund did not reach the card: return that money another way.</p>
        {refunds.isPending ? (
          <p role="status" className="text-muted">
            Loading refunds...
          </p>
        ) : refunds.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {apiErrorMessage(refunds.error, "The refunds could not be loaded. Please try again.")}
          </p>
        ) : count === 0 ? (
          <p className="text-muted">No refunds.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">Refunds of rejected songs</caption>
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className="px-2 py-1.5">Date</th>
                  <th scope="col" className="px-2 py-1.5">Song</th>
                  <th scope="col" className="px-2 py-1.5">Artist</th>
                  <th scope="col" className="px-2 py-1.5">Amount</th>
                  <th scope="col" className="px-2 py-1.5">Status</th>
                  <th scope="col" className="px-2 py-1.5">Reason</th>
                </tr>
              </thead>
              <tbody>
                {refunds.data.refunds.map((refund) => (
                  <tr key={refund.id} className="border-t border-line align-top">
                    <td className="px-2 py-1.5 whitespace-nowrap">
                      <time dateTime={refund.createdAt}>{new Date(refund.createdAt).toLocaleString()}</time>
                    </td>
                    <td className="px-2 py-1.5">{refund.songTitle ?? "—"}</td>
                    <td className="px-2 py-1.5">
                      {refund.artistName ?? "—"}
                      <span className="block font-mono text-muted break-all">{refund.artistId}</span>
                    </td>
                    <td className="px-2 py-1.5 tabular-nums">{formatCents(refund.amountCents)}</td>
                    <td className="px-2 py-1.5">
                      {STATUS_LABELS[refund.status]}
                      {refund.failureReason && <span className="block text-red-600 dark:text-red-400">{refund.failureReason}</span>}
                    </td>
                    <td className="px-2 py-1.5">{refund.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </details>
  );
}
