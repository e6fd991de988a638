/**
 * The artist's money: balance (available, on its way, held while payouts are not set up, and the
 * $1.00 minimum explained), the payout schedule and where payouts go, and the payouts so far.
 */
import type { ArtistBalance, ArtistPageResponse, ArtistPayout } from "@jplay/schema/artist";
import { formatCents } from "@jplay/schema/pricing";
import { CONNECT_STATUS_LABELS, PAYOUT_STATUS_LABELS, formatDay } from "../labels";

export function BalanceSummary({ balance }: { balance: ArtistBalance }) {
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Available</dt>
          <dd className="text-2xl font-extrabold">{formatCents(balance.availableCents)}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">On its way to you</dt>
          <dd className="text-2xl font-extrabold">{formatCents(balance.pendingCents)}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Held</dt>
          <dd className="text-2xl font-extrabold">{formatCents(balance.heldCents)}</dd>
        </div>
      </dl>
      {balance.heldCents > 0 && (
        <p className="rounded-xl border border-accent/40 bg-accent-soft p-3 text-sm">
          Your earnings are held safely until you set up payouts. Nothing is lost: once payouts are set up, the held amount is paid on your next payout day.
        </p>
      )}
      <p className="text-sm text-muted">Balances under {formatCents(balance.minimumCents)} wait for a later payout day.</p>
    </div>
  );
}

/** The payout schedule and where payouts stand; the setup itself starts from "Get paid" (features/me/components/get-paid.tsx). */
export function PayoutSetup({ page, notice }: { page: ArtistPageResponse; notice?: string | undefined }) {
  const status = page.connect.status;
  const schedule = page.paymentFrequency === "weekly" ? "Weekly, every Monday" : "Daily";

  return (
    <div className="space-y-3 rounded-2xl border border-line bg-surface p-5">
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Payout frequency</dt>
          <dd className="font-semibold">{schedule}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Next payout day</dt>
          <dd className="font-semibold">{formatDay(page.nextPayoutOn)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Payouts</dt>
          <dd className="font-semibold">{CONNECT_STATUS_LABELS[status]}</dd>
        </div>
      </dl>
      {notice && status !== "ready" && (
        <p role="status" className="text-sm font-medium">
          {notice}
        </p>
      )}
      <p className="text-sm">
        {status === "ready"
          ? "Payouts go to the debit card or bank account you added in payout setup with our payment partner, Stripe."
          : status === "onboarding"
            ? "Finish setting up payouts with our payment partner, Stripe (Get paid, at the top of this page). If you just finished, Stripe may take a moment to confirm: reload this page."
            : "To be paid, press Get paid at the top of this page and give our payment partner, Stripe, the debit card or bank account your earnings go to."}
      </p>
    </div>
  );
}

export function PayoutsTable({ payouts }: { payouts: ArtistPayout[] }) {
  if (payouts.length === 0) return <p className="rounded-2xl border border-dashed border-line p-6">No payouts yet.</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your payouts, newest first</caption>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className="px-4 py-2">
              Payout day
            </th>
            <th scope="col" className="px-4 py-2">
              Amount
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} className="border-t border-line">
              <td className="px-4 py-2">{formatDay(payout.period)}</td>
              <td className="px-4 py-2">{formatCents(payout.amountCents)}</td>
              <td className="px-4 py-2">
                {PAYOUT_STATUS_LABELS[payout.status]}
                {payout.failureMessage && <span className="block text-muted">{payout.failureMessage}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
