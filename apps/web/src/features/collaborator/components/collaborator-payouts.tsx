/**
 * "Set up payouts" on a collaborator's page (docs/splits.md, Onboarding): where the payout setup
 * stands, what Stripe still asks for (the tax details among them, as on the artist's page), and the
 * button that opens Stripe's hosted onboarding, busy while it is asked for and saying why it failed.
 */
import { useState } from "react";
import type { ConnectState } from "@jplay/schema/artist";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { startCollaboratorPayouts } from "../api/collaborator-page";

export function CollaboratorPayouts({ token, connect }: { token: string; connect: ConnectState }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign((await startCollaboratorPayouts(token)).url);
    } catch (failure) {
      setError(apiErrorMessage(failure, i18n._("Payout setup could not be started. Please try again.")));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="collaborator-payouts" className="space-y-3">
      <h2 id="collaborator-payouts" className="text-2xl font-bold">
        {i18n._("Payouts")}
      </h2>
      {connect.status === "ready" ? (
        <p role="status">{i18n._("Payouts are set up. Your available balance is paid in the next payout run.")}</p>
      ) : (
        <>
          <p>
            {connect.status === "onboarding"
              ? i18n._("Finish your payout setup with Stripe to be paid.")
              : i18n._("Set up payouts with Stripe to be paid what is available to you.")}
          </p>
          {connect.missing.includes("tax_details") && <p>{i18n._("Stripe still needs your tax details.")}</p>}
          <Button onClick={() => void start()} disabled={busy} aria-busy={busy}>
            {busy ? i18n._("Opening Stripe…") : i18n._("Set up payouts")}
          </Button>
          {error && <p role="alert">{error}</p>}
        </>
      )}
    </section>
  );
}
