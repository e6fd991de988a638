/**
 * The artist's JPlay Pro plan on their private page, where the Pro offer's "cancel any time" is kept:
 * the price and the next renewal date, and "Cancel at period end" (after a confirmation) — Pro stays
 * on until the period paid for ends and nothing more is charged — then "Pro ends on <date>" with
 * "Resume" until that day. Shown only while the artist has a live subscription.
 */
import { useState } from "react";
import { formatCents } from "@jplay/schema/pricing";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { apiErrorMessage } from "@/lib/error-message";
import { type ProPlanChange, useChangeProPlan } from "../api/change-pro-plan";
import { useProPlan } from "../api/get-pro-plan";

/** A period end (an instant) as the calendar day it falls on for the reader. */
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const CHANGE_FAILED = "Your Pro plan could not be changed. Please try again.";

export function ArtistProPlan({ token }: { token: string }) {
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
          <p className="flex-1">Your Pro plan could not be loaded.</p>
          <Button variant="secondary" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  const pro = plan.data.pro;
  if (!pro) return null;

  const endsOn = formatDate(pro.currentPeriodEnd);
  const price = `${formatCents(pro.amountCents)}/month`;
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
        <p className="font-semibold">JPlay Pro, {price}</p>
        <p role="status" className="text-lg font-semibold">
          {pro.cancelAtPeriodEnd ? `Pro ends on ${endsOn}` : `Renews on ${endsOn}`}
        </p>
        {pro.status === "past_due" && <p className="text-sm">Your last renewal payment did not go through, so Pro is off until it does.</p>}
        {pro.cancelAtPeriodEnd ? (
          <>
            <p className="text-sm text-muted">You will not be charged again. Resume before then to keep Pro.</p>
            <Button onClick={() => apply("resume")} disabled={change.isPending}>
              Resume
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">Cancel any time: Pro stays on until the end of the period you paid for.</p>
            <Button variant="secondary" onClick={() => setConfirming(true)} disabled={change.isPending}>
              Cancel at period end
            </Button>
          </>
        )}
        {change.isError && (
          <p role="alert" className="text-sm font-medium">
            {apiErrorMessage(change.error, CHANGE_FAILED)}
          </p>
        )}
      </div>
      <ModalDialog
        open={confirming}
        title="Cancel JPlay Pro?"
        description={`Pro stays on until ${endsOn}, the end of the period you paid for, and you will not be charged again. You can resume before then.`}
        onCancel={() => setConfirming(false)}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep Pro
          </Button>
          <Button onClick={() => apply("cancel")}>Cancel at period end</Button>
        </div>
      </ModalDialog>
    </section>
  );
}
