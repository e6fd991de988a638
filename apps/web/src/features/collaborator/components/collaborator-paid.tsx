/**
 * When a collaborator was paid (docs/splits.md, Payouts): the last payout sent, said in words, and
 * every payout of their phone in the artist page's payouts table.
 */
import type { ArtistPayout } from "@jplay/schema/artist";
import { PayoutsTable, formatDay } from "@/features/artist";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";

export function CollaboratorPaid({ payouts }: { payouts: ArtistPayout[] }) {
  const i18n = useI18n();
  const lastPaid = payouts.find((payout) => payout.status === "paid");
  return (
    <section aria-labelledby="collaborator-paid" className="space-y-3">
      <h2 id="collaborator-paid" className="text-2xl font-bold">
        {i18n._("Paid to you")}
      </h2>
      {lastPaid && (
        <p role="status">
          {i18n._("You were last paid {amount} on {day}.", { amount: formatMoney(lastPaid.amountCents, i18n.language), day: formatDay(lastPaid.period, i18n) })}
        </p>
      )}
      <PayoutsTable payouts={payouts} />
    </section>
  );
}
