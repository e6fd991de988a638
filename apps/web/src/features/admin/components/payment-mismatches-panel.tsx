/**
 * Payments Stripe reported as succeeded that disagree with the payment they name (amount, currency
 * or customer). The server never applies them; this panel is where an operator finds them, with what
 * was expected and what arrived, to refund or settle them in Stripe.
 */
import { usePaymentMismatches } from "../api/get-payment-mismatches";
import { AdminListPanel, adminListCell as cell } from "./admin-list-panel";
import { Moment } from "./moment";
import { formatCents } from "../admin-format";

const amount = (cents: number | null, currency: string | null) => (cents === null ? "?" : `${formatCents(cents)} ${(currency ?? "?").toUpperCase()}`);

export function PaymentMismatchesPanel() {
  const mismatches = usePaymentMismatches();
  return (
    <AdminListPanel
      title="Payment mismatches"
      count={mismatches.data?.mismatches.length ?? null}
      description="Stripe payments whose amount, currency or customer differ from the payment they name. None of them paid a song."
      read={mismatches}
      noun="payment mismatches"
      caption="Stripe payments that disagree with the payment they name"
      columns={["When", "Stripe payment", "Song", "Expected", "Received"]}
      rows={() =>
        mismatches.data?.mismatches.map((mismatch) => (
          <tr key={mismatch.id} className="border-t border-line align-top">
            <td className={`${cell} whitespace-nowrap`}>
              <Moment iso={mismatch.detectedAt} />
            </td>
            <td className={`${cell} font-mono break-all`}>{mismatch.stripePaymentIntentId}</td>
            <td className={`${cell} font-mono break-all`}>{mismatch.songId ?? "—"}</td>
            <td className={cell}>
              {amount(mismatch.expected.amountCents, mismatch.expected.currency)}
              <span className="block font-mono text-muted">{mismatch.expected.customer ?? "no customer"}</span>
            </td>
            <td className={cell}>
              {amount(mismatch.received.amountCents, mismatch.received.currency)}
              <span className="block font-mono text-muted">{mismatch.received.customer ?? "no customer"}</span>
            </td>
          </tr>
        ))
      }
    />
  );
}
