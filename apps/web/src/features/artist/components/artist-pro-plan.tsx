/**
 * The artist's JPlay Pro plan on their private page, where the Pro offer's "cancel any time" is kept:
 * the price and the next renewal date, and "Cancel at period end" (after a confirmation) — Pro stays
 * on until the period paid for ends and nothing more is charged — then "Pro ends on <date>" with
 * "Resume" until that day. A renewal the bank wants the artist to confirm (3-D Secure) offers
 * "Confirm renewal", which runs the bank's challenge with the saved card and shows Pro back on once
 * Stripe says the renewal is paid. Shown only while the artist has a live subscription.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useI18n } from "@/lib/i18n";
import { formatDate, formatMoney } from "@/lib/i18n/format-values";
import { CardPaymentForm, PaymentsProvider, type CardPaymentFailure } from "@/features/payments";
import { type ProPlanChange, useChangeProPlan } from "../api/change-pro-plan";
import { useConfirmProRenewal } from "../api/confirm-pro-renewal";
import { useProPlan } from "../api/get-pro-plan";

/** The renewal was paid meanwhile (a retry, another tab): nothing is left for the bank to confirm. */
const NOTHING_TO_CONFIRM = { status: "succeeded", paymentMethodId: "" } as const;

/** "Confirm renewal": the bank's challenge for the renewal Billing charged to the saved card. */
function ConfirmRenewal({ token, amountText }: { token: string; amountText: string }) {
  const i18n = useI18n();
  const confirmation = useConfirmProRenewal(token);
  const [failure, setFailure] = useState<string | null>(null);
  const failed = ({ message, exception }: CardPaymentFailure) =>
    setFailure(
      message ??
        (exception
          ? apiErrorMessage(exception, i18n._("Your renewal could not be confirmed. Please try again."))
          : i18n._("Your bank did not confirm the renewal. Please try again.")),
    );
  const confirmed = async () => {
    try {
      const { pro } = await confirmation.mutateAsync();
      if (pro?.status === "active") toast.success(i18n._("Pro renewed"), i18n._("Your renewal is paid and Pro is on again."));
    } catch (exception) {
      failed({ exception });
    }
  };
  return (
    <PaymentsProvider>
      <CardPaymentForm
        title={i18n._("Confirm your renewal")}
        submitLabel={i18n._("Confirm renewal")}
        savedCardOnly
        pay={async (card) => {
          setFailure(null);
          const { clientSecret } = await confirmation.mutateAsync();
          return clientSecret ? card.authenticatePayment(clientSecret) : NOTHING_TO_CONFIRM;
        }}
        onSucceeded={() => void confirmed()}
        onFailed={failed}
      >
        <p className="text-sm">
          {i18n._("Your bank asks you to confirm this month's renewal of {amount} with the card you saved. Pro is off until you do.", { amount: amountText })}
        </p>
      </CardPaymentForm>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
    </PaymentsProvider>
  );
}

export function ArtistProPlan({ token }: { token: string }) {
  const i18n = useI18n();
  const plan = useProPlan(token);
  const change = useChangeProPlan(token);
  const [confirming, setConfirming] = useState(false);

  if (plan.isPending) return null;
  if (plan.isError) {
    return (
      <section aria-labelledby="artist-pro" className="space-y-4">
        <h2 id="artist-pro" className="text-2xl font-bold">
          JPlay Pro
        </h2>
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
          <p className="flex-1">{i18n._("Your Pro plan could not be loaded.")}</p>
          <Button variant="secondary" onClick={() => void plan.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      </section>
    );
  }
  const pro = plan.data.pro;
  if (!pro) return null;

  // A period end (an instant) as the calendar day it falls on for the reader.
  const endsOn = formatDate(pro.currentPeriodEnd, i18n.language, { dateStyle: "medium" });
  const apply = (next: ProPlanChange) => {
    setConfirming(false);
    change.mutate(next);
  };

  return (
    <section aria-labelledby="artist-pro" className="space-y-4">
      <h2 id="artist-pro" className="text-2xl font-bold">
        JPlay Pro
      </h2>
      <div className="space-y-3 rounded-2xl border border-line bg-surface p-5">
        <p className="font-semibold">{i18n._("JPlay Pro, {price}/month", { price: formatMoney(pro.amountCents, i18n.language) })}</p>
        <p role="status" className="text-lg font-semibold">
          {pro.cancelAtPeriodEnd ? i18n._("Pro ends on {date}", { date: endsOn }) : i18n._("Renews on {date}", { date: endsOn })}
        </p>
        {pro.status === "past_due" &&
          (pro.renewalNeedsConfirmation ? (
            <ConfirmRenewal token={token} amountText={formatMoney(pro.amountCents, i18n.language)} />
          ) : (
            <p className="text-sm">{i18n._("Your last renewal payment did not go through, so Pro is off until it does.")}</p>
          ))}
        {pro.cancelAtPeriodEnd ? (
          <>
            <p className="text-sm text-muted">{i18n._("You will not be charged again. Resume before then to keep Pro.")}</p>
            <Button onClick={() => apply("resume")} disabled={change.isPending}>
              {i18n._("Resume")}
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">{i18n._("Cancel any time: Pro stays on until the end of the period you paid for.")}</p>
            <Button variant="secondary" onClick={() => setConfirming(true)} disabled={change.isPending}>
              {i18n._("Cancel at period end")}
            </Button>
          </>
        )}
        {change.isError && (
          <p role="alert" className="text-sm font-medium">
            {apiErrorMessage(change.error, i18n._("Your Pro plan could not be changed. Please try again."))}
          </p>
        )}
      </div>
      <ModalDialog
        open={confirming}
        title={i18n._("Cancel JPlay Pro?")}
        description={i18n._("Pro stays on until {date}, the end of the period you paid for, and you will not be charged again. You can resume before then.", {
          date: endsOn,
        })}
        onCancel={() => setConfirming(false)}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {i18n._("Keep Pro")}
          </Button>
          <Button onClick={() => apply("cancel")}>{i18n._("Cancel at period end")}</Button>
        </div>
      </ModalDialog>
    </section>
  );
}
