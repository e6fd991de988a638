/**
 * The artist's money: balance (available, on its way, held while payouts are not set up, and the
 * payout minimum: "$3.60 of $10.00 — paid when it reaches $10.00" once payouts are set up), the
 * payout schedule and where payouts go, and the payouts so far.
 */
import type { ArtistBalance, ArtistPageResponse, ArtistPayout } from "@jplay/schema/artist";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { connectStatusLabel, formatDay, payoutStatusLabel } from "../labels";
import { DataTable, tableCell } from "@/components/ui/data-table";

const cell = tableCell("page");

/** `ready`: payouts are set up, so the only thing between the artist and a payout is the minimum. */
export function BalanceSummary({ balance, ready }: { balance: ArtistBalance; ready: boolean }) {
  const i18n = useI18n();
  const minimum = formatMoney(balance.minimumCents, i18n.language);
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">{i18n._("Available")}</dt>
          <dd className="text-2xl font-extrabold">{formatMoney(balance.availableCents, i18n.language)}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">{i18n._("On its way to you")}</dt>
          <dd className="text-2xl font-extrabold">{formatMoney(balance.pendingCents, i18n.language)}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">{i18n._("Held")}</dt>
          <dd className="text-2xl font-extrabold">{formatMoney(balance.heldCents, i18n.language)}</dd>
        </div>
      </dl>
      {balance.heldCents > 0 && (
        <p className="rounded-xl border border-accent/40 bg-accent-soft p-3 text-sm">
          {i18n._(
            "Your earnings are held safely until you set up payouts. Nothing is lost: once payouts are set up, the held amount is paid on your next payout day.",
          )}
        </p>
      )}
      {ready && balance.availableCents < balance.minimumCents ? (
        <p className="text-sm font-medium">
          {i18n._("{amount} of {minimum} — paid when it reaches {minimum}", { amount: formatMoney(balance.availableCents, i18n.language), minimum })}
        </p>
      ) : (
        <p className="text-sm text-muted">{i18n._("Balances under {amount} wait for a later payout day.", { amount: minimum })}</p>
      )}
    </div>
  );
}

/** The payout schedule and where payouts stand; the setup itself starts from "Get paid" (features/me/components/get-paid.tsx). */
export function PayoutSetup({ page, notice }: { page: ArtistPageResponse; notice?: string | undefined }) {
  const i18n = useI18n();
  const status = page.connect.status;
  const schedule = page.paymentFrequency === "weekly" ? i18n._("Weekly, every Monday") : i18n._("Daily");

  return (
    <div className="space-y-3 rounded-2xl border border-line bg-surface p-5">
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">{i18n._("Payout frequency")}</dt>
          <dd className="font-semibold">{schedule}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{i18n._("Next payout day")}</dt>
          <dd className="font-semibold">{formatDay(page.nextPayoutOn, i18n)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{i18n._("Payouts")}</dt>
          <dd className="font-semibold">{connectStatusLabel(status, i18n)}</dd>
        </div>
      </dl>
      {notice && status !== "ready" && (
        <p role="status" className="text-sm font-medium">
          {notice}
        </p>
      )}
      <p className="text-sm">
        {status === "ready"
          ? i18n._("Payouts go to the debit card or bank account you added in payout setup with our payment partner, Stripe.")
          : status === "onboarding"
            ? i18n._(
                "Finish setting up payouts with our payment partner, Stripe (Get paid, at the top of this page). If you just finished, Stripe may take a moment to confirm: reload this page.",
              )
            : i18n._(
                "To be paid, press Get paid at the top of this page and give our payment partner, Stripe, the debit card or bank account your earnings go to.",
              )}
      </p>
    </div>
  );
}

export function PayoutsTable({ payouts }: { payouts: ArtistPayout[] }) {
  const i18n = useI18n();
  if (payouts.length === 0) return <p className="rounded-2xl border border-dashed border-line p-6">{i18n._("No payouts yet.")}</p>;
  return (
    <DataTable size="page" caption={i18n._("Your payouts, newest first")} headings={[i18n._("Payout day"), i18n._("Amount"), i18n._("Status")]}>
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <td className={cell}>{formatDay(payout.period, i18n)}</td>
          <td className={cell}>{formatMoney(payout.amountCents, i18n.language)}</td>
          <td className={cell}>
            {payoutStatusLabel(payout.status, i18n)}
            {payout.failureMessage && <span className="block text-muted">{payout.failureMessage}</span>}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
