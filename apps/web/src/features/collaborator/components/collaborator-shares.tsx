/**
 * The collaborator's page (docs/splits.md, Accepting): their shares on every song that names them,
 * what is held and available for each, and one Accept button with its pending and error states; before
 * them the phone's confirmation by code, after them the payout setup, the payouts made and the monthly statements.
 */
import { Button } from "@/components/ui/button";
import { ArtistStatements } from "@/features/artist";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { useAcceptShares, useCollaboratorPage } from "../api/collaborator-page";
import { CollaboratorPaid } from "./collaborator-paid";
import { CollaboratorPayouts } from "./collaborator-payouts";
import { CollaboratorPhone } from "./collaborator-phone";

const cell = "border-b border-line px-3 py-2 text-left";

export function CollaboratorShares({ token }: { token: string }) {
  const i18n = useI18n();
  const page = useCollaboratorPage(token);
  const accept = useAcceptShares(token);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6">
      <title>{i18n._("Your shares – JPlay")}</title>
      <meta name="referrer" content="no-referrer" />
      <h1 className="text-3xl font-extrabold">{i18n._("Your shares")}</h1>
      {page.isPending ? (
        <p role="status">{i18n._("Loading…")}</p>
      ) : page.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-surface p-5">
          {i18n._("This page could not be opened. Open the link from the text JPlay sent you.")}
        </p>
      ) : !page.data.phone.confirmed ? (
        <CollaboratorPhone token={token} number={page.data.phone.number} />
      ) : page.data.shares.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-5">{i18n._("No artist has named you on a song's split yet.")}</p>
      ) : (
        <>
          <table className="w-full border-collapse">
            <thead>
              <tr>
                <th className={cell}>{i18n._("Song")}</th>
                <th className={cell}>{i18n._("Artist")}</th>
                <th className={cell}>{i18n._("Share")}</th>
                <th className={cell}>{i18n._("Held")}</th>
                <th className={cell}>{i18n._("Credited to you")}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.shares.map((share) => (
                <tr key={share.songId}>
                  <td className={cell}>{share.songTitle}</td>
                  <td className={cell}>{share.artistName}</td>
                  <td className={cell}>{`${(share.basisPoints / 100).toLocaleString(i18n.language)}%`}</td>
                  <td className={cell}>{money(share.heldCents)}</td>
                  <td className={cell}>{money(share.availableCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{i18n._("Available to be paid: {amount}", { amount: money(page.data.availableCents) })}</p>
          {page.data.accepted ? (
            <p role="status">{i18n._("You accepted your shares. New sales are credited to you as available.")}</p>
          ) : (
            <div className="space-y-2">
              <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
                {accept.isPending ? i18n._("Accepting…") : i18n._("Accept my shares")}
              </Button>
              {accept.isError && <p role="alert">{apiErrorMessage(accept.error, i18n._("Your shares could not be accepted. Please try again."))}</p>}
            </div>
          )}
          {page.data.connect && <CollaboratorPayouts token={token} connect={page.data.connect} />}
          <CollaboratorPaid payouts={page.data.payouts} />
          <section aria-labelledby="collaborator-statements" className="space-y-3">
            <h2 id="collaborator-statements" className="text-2xl font-bold">
              {i18n._("Monthly statements")}
            </h2>
            <ArtistStatements statementsPath={`/api/collaborator/${encodeURIComponent(token)}/statements`} />
          </section>
        </>
      )}
    </div>
  );
}
