/**
 * "Get paid", the artist's next step after paying (docs/decisions/028-artist-journey.md): the
 * earnings held until payouts are set up, and one button that opens Stripe's hosted payout
 * onboarding, where the artist adds the debit card or bank account their earnings go to. Shown
 * only while payouts are not set up. `start` answers the onboarding URL (the artist page passes its
 * own token's call; other screens find the token through the session, api/start-get-paid.ts).
 * `missing`: what Stripe still needs (the tax details, say), listed in plain words; the same button
 * continues the onboarding (docs/decisions/063-payout-minimum-and-tax-details.md).
 */
import { useId, useState } from "react";
import type { ConnectStatus, PayoutRequirement } from "@jplay/schema/artist";
import type { Translator } from "@/lib/i18n";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";

export interface GetPaidProps {
  status: ConnectStatus;
  heldCents: number;
  start: () => Promise<string>;
  missing?: PayoutRequirement[] | undefined;
}

/** One of Stripe's requirement groups in the artist's words. */
function requirementLabel(requirement: PayoutRequirement, i18n: Translator): string {
  switch (requirement) {
    case "tax_details":
      return i18n._("Your tax details: your taxpayer ID for a W-9 (US persons) or a W-8 (everyone else)");
    case "identity_document":
      return i18n._("A photo of your ID");
    case "personal_details":
      return i18n._("Your name, date of birth, address or contact details");
    case "payout_account":
      return i18n._("The debit card or bank account your earnings go to");
    case "terms":
      return i18n._("Accepting Stripe's terms of service");
    case "other":
      return i18n._("Stripe needs more details from you");
  }
}

export function GetPaid({ status, heldCents, start, missing = [] }: GetPaidProps) {
  const i18n = useI18n();
  const id = useId();
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (status === "ready") return null;

  async function onGetPaid() {
    setOpening(true);
    setFailure(null);
    try {
      window.location.assign(await start());
    } catch (error) {
      setFailure(apiErrorMessage(error, i18n._("Payout setup could not be started. Please try again.")));
      setOpening(false);
    }
  }

  const held =
    heldCents > 0
      ? i18n._("{amount} of your earnings is held for you until then.", { amount: formatMoney(heldCents, i18n.language) })
      : i18n._("Until then, your earnings are held for you.");
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-2xl border-2 border-accent bg-surface p-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {i18n._("Next step: get paid")}
      </h2>
      <p>
        {status === "onboarding"
          ? i18n._("Finish your payout setup with our payment partner, Stripe.")
          : i18n._("Tell our payment partner, Stripe, where to send your earnings: a debit card or a bank account.")}{" "}
        {held}
      </p>
      {status === "onboarding" && missing.length > 0 && (
        <div className="space-y-1">
          <p id={`${id}-missing`} className="font-semibold">
            {i18n._("Payouts wait until Stripe has:")}
          </p>
          <ul aria-labelledby={`${id}-missing`} className="list-disc space-y-1 pl-6">
            {missing.map((requirement) => (
              <li key={requirement}>{requirementLabel(requirement, i18n)}</li>
            ))}
          </ul>
        </div>
      )}
      <Button onClick={() => void onGetPaid()} disabled={opening} aria-describedby={failure ? `${id}-error` : undefined}>
        {opening ? i18n._("Opening Stripe…") : i18n._("Get paid")}
      </Button>
      {failure && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium">
          {failure}
        </p>
      )}
    </section>
  );
}
