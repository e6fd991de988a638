/**
 * Payout funding, below the summary cards: artists are paid by Stripe transfers from JPlay's Stripe
 * balance, but sales money reaches JPlay from the tablet provider, so the operator tops Stripe up from
 * the provider's settlements. Shows what is owed to artists, what Stripe can transfer now and the
 * shortfall to top up, and records the provider's settlements (docs/decisions/021).
 */
import { useState, type FormEvent, type ReactNode } from "react";
import type { PayoutFundingResponse } from "@jplay/schema/funding";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { usePayoutFunding } from "../api/get-payout-funding";
import { useRecordSettlement } from "../api/record-settlement";
import { checkSettlement, localToday, type SettlementDraft, type SettlementField } from "../funding";
import { formatCents } from "../admin-format";

function Figure({ label, value, hint, alert = false }: { label: string; value: string; hint: ReactNode; alert?: boolean }) {
  return (
    <div className={cn("rounded-2xl border bg-canvas p-4", alert ? "border-amber-500" : "border-line")}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={cn("text-2xl font-extrabold tabular-nums", alert && "text-amber-700 dark:text-amber-400")}>{value}</dd>
      <dd className="mt-1 text-xs text-muted">{hint}</dd>
    </div>
  );
}

function Figures({ funding }: { funding: PayoutFundingResponse }) {
  const { stripe, shortfallCents } = funding;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Owed to artists"
          value={formatCents(funding.owedToArtistsCents)}
          hint={`Artists' balances (${formatCents(funding.artistsAvailableCents)}) plus payouts in progress (${formatCents(funding.payoutPendingCents)}).`}
        />
        <Figure
          label="Available in Stripe"
          value={stripe ? formatCents(stripe.availableCents) : "Unavailable"}
          hint={
            stripe
              ? `What transfers can use now; ${formatCents(stripe.pendingCents)} more is pending at Stripe.`
              : `Stripe's balance could not be read: ${funding.stripeError ?? "unknown error"}`
          }
        />
        <Figure
          label="Shortfall to top up"
          value={shortfallCents === null ? "Unknown" : formatCents(shortfallCents)}
          alert={shortfallCents !== null && shortfallCents > 0}
          hint="Owed to artists plus refunds waiting for funds, minus Stripe's available balance. Add it in Stripe's Dashboard (Balance → Add to balance) a week before it is needed: bank top-ups take 5–6 business days."
        />
      </dl>
      {funding.waitingPayouts.count > 0 && (
        <p role="status" className="rounded-xl border border-amber-500 p-3 text-sm">
          {funding.waitingPayouts.count.toLocaleString()} payout(s) ({formatCents(funding.waitingPayouts.cents)}) are waiting for funds: Stripe refused their
          transfers for a short balance. They go in the first payout run after the top-up is available.
        </p>
      )}
      {funding.waitingRefunds.count > 0 && (
        <p role="status" className="rounded-xl border border-amber-500 p-3 text-sm">
          {funding.waitingRefunds.count.toLocaleString()} refund(s) ({formatCents(funding.waitingRefunds.cents)}) are waiting for funds: Stripe holds them until
          its available balance covers them, and sends them by itself once the top-up is available.
        </p>
      )}
    </>
  );
}

const EMPTY_ERRORS: Partial<Record<SettlementField, string>> = {};

function SettlementForm() {
  const record = useRecordSettlement();
  const [draft, setDraft] = useState<SettlementDraft>(() => ({ amount: "", settledOn: localToday(), reference: "" }));
  const [errors, setErrors] = useState(EMPTY_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const change = (field: keyof SettlementDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkSettlement(draft);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors(EMPTY_ERRORS);
    setFailure(null);
    const { request } = checked;
    record.mutate(request, {
      onSuccess: (answer) => {
        const { settlement } = answer;
        if (answer.recorded)
          toast.success("Settlement Recorded", `${formatCents(settlement.amountCents)} settled on ${settlement.settledOn} (${settlement.reference}).`);
        else toast.info("Already Recorded", `Settlement ${settlement.reference} was recorded before; nothing changed.`);
        setDraft({ amount: "", settledOn: localToday(), reference: "" });
      },
      onError: (error) => {
        const message = apiErrorMessage(error, "The settlement could not be recorded. Please try again.");
        setFailure(message);
        toast.error("Settlement Not Recorded", message);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="record-settlement-heading" className="space-y-3">
      <h3 id="record-settlement-heading" className="font-semibold">
        Record a provider settlement
      </h3>
      <p className="text-sm text-muted">Money the tablet provider paid into JPlay's bank account for reported sales. A reference is recorded once.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Amount (USD)" error={errors.amountCents ?? null}>
          {(control) => (
            <input
              {...control}
              name="amount"
              inputMode="decimal"
              placeholder="1,250.00"
              value={draft.amount}
              onChange={(event) => change("amount")(event.currentTarget.value)}
              className={inputClass(Boolean(errors.amountCents))}
            />
          )}
        </Field>
        <Field label="Date received" error={errors.settledOn ?? null}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="settledOn"
              value={draft.settledOn}
              onChange={(event) => change("settledOn")(event.currentTarget.value)}
              className={inputClass(Boolean(errors.settledOn))}
            />
          )}
        </Field>
        <Field label="Reference" error={errors.reference ?? null}>
          {(control) => (
            <input
              {...control}
              name="reference"
              placeholder="Bank or provider reference"
              value={draft.reference}
              onChange={(event) => change("reference")(event.currentTarget.value)}
              className={inputClass(Boolean(errors.reference))}
            />
          )}
        </Field>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? "Recording…" : "Record settlement"}
      </Button>
    </form>
  );
}

function Settlements({ funding }: { funding: PayoutFundingResponse }) {
  return (
    <div className="space-y-2">
      <p className="text-sm">
        Sales the provider has not settled yet: <span className="font-semibold tabular-nums">{formatCents(funding.providerOwesCents)}</span>
      </p>
      {funding.settlements.length === 0 ? (
        <p className="text-sm text-muted">No settlements recorded yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left font-semibold">Recent provider settlements</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-4 font-normal">
                Date received
              </th>
              <th scope="col" className="py-1 pr-4 font-normal">
                Reference
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {funding.settlements.map((settlement) => (
              <tr key={settlement.id}>
                <td className="py-1 pr-4 tabular-nums">{settlement.settledOn}</td>
                <td className="py-1 pr-4 break-all">{settlement.reference}</td>
                <td className="py-1 text-right tabular-nums">{formatCents(settlement.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function PayoutFundingPanel() {
  const funding = usePayoutFunding();
  return (
    <section aria-labelledby="payout-funding-heading" className="space-y-4 rounded-2xl border border-line bg-surface p-4">
      <div className="space-y-1">
        <h2 id="payout-funding-heading" className="text-xl font-bold">
          Payout funding
        </h2>
        <p className="text-sm text-muted">
          Artists are paid by transfers from JPlay's Stripe balance. Sales money arrives from the tablet provider, not through Stripe, so the balance is topped
          up from the provider's settlements; a payout Stripe cannot fund waits for the next run.
        </p>
      </div>
      {funding.isPending ? (
        <p role="status" className="text-sm text-muted">
          Loading payout funding...
        </p>
      ) : funding.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {apiErrorMessage(funding.error, "The payout funding figures could not be loaded. Please refresh.")}
        </p>
      ) : (
        <>
          <Figures funding={funding.data} />
          <Settlements funding={funding.data} />
        </>
      )}
      <SettlementForm />
    </section>
  );
}
