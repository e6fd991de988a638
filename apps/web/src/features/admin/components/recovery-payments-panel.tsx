/**
 * The discounted recovery payments, each with the card decline that opened its offer, so an operator
 * can see who is given a discount and why (docs/decisions/059-recovery-offer-eligibility.md).
 */
import { useRecoveryPayments } from "../api/get-recovery-payments";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";
import { Moment } from "./moment";
import { formatCents } from "../admin-format";

export function RecoveryPaymentsPanel() {
  const recoveries = useRecoveryPayments();
  return (
    <AdminListPanel
      title="Recovery payments"
      count={recoveries.data?.payments.length ?? null}
      description="Discounted offers taken after a declined card, with the decline that opened each one. An artist or a card gets at most one offer in 90 days, and none after a fraud decline."
      read={recoveries}
      noun="recovery payments"
      caption="Recovery payments and the declines that opened them"
      columns={["Started", "Song", "Artist", "Offer", "Amount", "Status", "Opened by"]}
      rows={() =>
        recoveries.data?.payments.map((payment) => (
          <tr key={payment.id} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <Moment iso={payment.createdAt} />
            </td>
            <td className={cell}>
              {payment.songTitle}
              <span className="block font-mono text-muted break-all">{payment.songId}</span>
            </td>
            <td className={cell}>{payment.artistName}</td>
            <td className={cell}>Tier {payment.tier}</td>
            <td className={cell}>{formatCents(payment.amountCents)}</td>
            <td className={cell}>{payment.status}</td>
            <td className={cell}>
              {payment.openedBy ? (
                <>
                  {payment.openedBy.declineCode ?? "declined"}
                  <span className="block text-muted">
                    card {payment.openedBy.cardFingerprint.slice(-6)}, <Moment iso={payment.openedBy.attemptedAt} />
                  </span>
                </>
              ) : (
                "No decline on record"
              )}
            </td>
          </tr>
        ))
      }
    />
  );
}
