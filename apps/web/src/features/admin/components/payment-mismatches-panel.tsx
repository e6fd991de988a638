/**
 * Payments Stripe reported as succeeded that disagree with the payment they name (amount, currency
 * or customer). The server never applies them; this panel is where an operator finds them, with what
 * was expected and what arrived, to refund or settle them in Stripe.
 */
import { apiErrorMessage } from "@/lib/error-message";
import { formatCents } from "../admin-data";
import { usePaymentMismatches } from "../api/get-payment-mismatches";

const amount = (cents: number | null, currency: string | null) => (cents === null ? "?" : `${formatCents(cents)} ${(currency ?? "?").toUpperCase()}`);

export function PaymentMismatchesPanel() {
  const mismatches = usePaymentMismatches();
  const count = mismatches.data?.mismatches.length ?? 0;
  return (
    <details className="rounded-2xl border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold">
        Payment mismatches{mismatches.data ? ` (${count})` : ""}
      </summary>
      <div className="mt-3 space-y-2 text-sm">
        <p className="text-muted">Stripe payments whose amount, currency or customer differ from the payment they name. None of them paid a song.</p>
        {mismatches.isPending ? (
          <p role="status" className="text-muted">
            Loading payment mismatches...
          </p>
        ) : mismatches.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {apiErrorMessage(mismatches.error, "The payment mismatches could not be loaded. Please try again.")}
          </p>
        ) : count === 0 ? (
          <p className="text-muted">No payment mismatches.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line">
            <table className="w-full text-left text-xs">
              <thead className="bg-surface-2">
                <tr>
                  <th scope="col" className="px-2 py-1.5">When</th>
                  <th scope="col" className="px-2 py-1.5">Stripe payment</th>
                  <th scope="col" className="px-2 py-1.5">Song</th>
                  <th scope="col" className="px-2 py-1.5">Expected</th>
                  <th scope="col" className="px-2 py-1.5">Received</th>
                </tr>
              </thead>
              <tbody>
                {mismatches.data.mismatches.map((mismatch) => (
                  <tr key={mismatch.id} className="border-t border-line align-top">
                    <td className="px-2 py-1.5 whitespace-nowrap">
                      <time dateTime={mismatch.detectedAt}>{new Date(mismatch.detectedAt).toLocaleString()}</time>
                    </td>
                    <td className="px-2 py-1.5 font-mono break-all">{mismatch.stripePaymentIntentId}</td>
                    <td className="px-2 py-1.5 font-mono break-all">{mismatch.songId ?? "—"}</td>
                    <td className="px-2 py-1.5">
                      {amount(mismatch.expected.amountCents, mismatch.expected.currency)}
                      <span className="block font-mono text-muted">{mismatch.expected.customer ?? "no customer"}</span>
                    </td>
                    <td className="px-2 py-1.5">
                      {amount(mismatch.received.amountCents, mismatch.received.currency)}
                      <span className="block font-mono text-muted">{mismatch.received.customer ?? "no customer"}</span>
                    </td>
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
