/**
 * The artist's private page (`/artist`, its link kept in a cookie; no sign-up): songs with status and history, sales
 * (also by facility state at the price paid),
 * balance, payouts and payout setup, the browsers signed in as the artist, and the link itself
 * (until when it works, and revoking it), with honest loading, not-found and error states. "Get
 * paid" comes first while payouts are not set up, and the monthly statements follow the payouts
 * (docs/decisions/028-artist-journey.md). The link
 * is the artist's key: the page never sends it on (no-referrer) and says so when it no longer works.
 */
import { Link } from "@/lib/router/link";
import { Button, buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { hasErrorCode } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { useArtistPage } from "../api/get-artist-page";
import { ArtistProPlan } from "./artist-pro-plan";
import { ArtistCardSection } from "./artist-card";
import { ArtistPhoneSection } from "./artist-phone";
import { ArtistSongs } from "./artist-songs";
import { ArtistSalesByState } from "./artist-sales-by-state";
import { ArtistSalesReport } from "./sales-report/artist-sales-report";
import { ArtistLink } from "./artist-link";
import { BalanceSummary, PayoutSetup, PayoutsTable } from "./artist-money";
import { ArtistSessions } from "./artist-sessions";
import { ArtistStatements } from "./artist-statements";
import { artistStatementsPath } from "../api/get-statement-months";
import { GetPaid } from "@/features/me";
import { startPayoutsSetup } from "../api/start-payouts-setup";

/** Why the link just opened is not the one shown (the Worker did not keep it), when it was not kept. */
function NotKeptNotice({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p role="status" className="rounded-xl border border-accent/40 bg-accent-soft p-3 font-medium">
      {text}
    </p>
  );
}

function LinkNotFound({ notKeptNotice }: { notKeptNotice: string | undefined }) {
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6">
      <title>{i18n._("Link not found – JPlay")}</title>
      <h1 className="text-3xl font-extrabold">{i18n._("Link not found")}</h1>
      <NotKeptNotice text={notKeptNotice} />
      <p className="text-muted">
        {i18n._(
          "This artist page link does not work. It may have been mistyped, revoked, or unused for too long. Saving your payment method again on the distribution page gives you a new link.",
        )}
      </p>
      <Link to="/distribute" className={buttonClass("secondary")}>
        {i18n._("Go to distribution")}
      </Link>
    </div>
  );
}

/** After the links were revoked: what happened, and the new link (an address path) to keep. */
export interface NewLinkNotice {
  text: string;
  link: string;
}

/**
 * `token`: the link's segment in `/api/artist/{token}/…` (`link` for the one kept in the cookie).
 * `notKeptNotice`: said when the link just opened was not kept (another website sent the browser).
 */
export function ArtistDashboard({
  token,
  notice,
  linkNotice,
  notKeptNotice,
}: {
  token: string;
  notice?: string | undefined;
  linkNotice?: NewLinkNotice | undefined;
  notKeptNotice?: string | undefined;
}) {
  const i18n = useI18n();
  const page = useArtistPage(token);

  if (page.isPending) return <Spinner label={i18n._("Loading your artist page")} className="min-h-[50vh]" />;
  if (page.isError) {
    if (hasErrorCode(page.error, "not_found")) return <LinkNotFound notKeptNotice={notKeptNotice} />;
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6">
        <title>{i18n._("Your artist page – JPlay")}</title>
        <h1 className="text-3xl font-extrabold">{i18n._("Your artist page")}</h1>
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
          <p className="flex-1">{i18n._("Your artist page could not be loaded. Check the connection and try again.")}</p>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      </div>
    );
  }

  const data = page.data;
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-12 sm:px-6">
      <title>{i18n._("Your artist page – JPlay")}</title>
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{i18n._("Your artist page")}</h1>
        <p className="text-muted">{i18n._("Keep this link private: anyone with it can see your songs and earnings.")}</p>
        <NotKeptNotice text={notKeptNotice} />
        {linkNotice && (
          <p role="status" className="rounded-xl border border-accent/40 bg-accent-soft p-3 font-medium">
            {linkNotice.text} <span className="block font-mono text-sm break-all">{new URL(linkNotice.link, window.location.origin).href}</span>
          </p>
        )}
      </div>

      <GetPaid
        status={data.connect.status}
        missing={data.connect.missing}
        heldCents={data.balance.heldCents}
        start={async () => (await startPayoutsSetup(token)).url}
      />

      <ArtistProPlan token={token} />
      <ArtistCardSection token={token} />
      <ArtistPhoneSection token={token} />

      <section aria-labelledby="artist-songs" className="space-y-4">
        <h2 id="artist-songs" className="text-2xl font-bold">
          {i18n._("Songs")}
        </h2>
        <ArtistSongs songs={data.songs} token={token} />
      </section>

      <section aria-labelledby="artist-sales" className="space-y-2">
        <h2 id="artist-sales" className="text-2xl font-bold">
          {i18n._("Sales")}
        </h2>
        <p>
          {data.sales.purchases === 1
            ? i18n._("1 download sold, {amount} in sales.", { amount: formatMoney(data.sales.grossCents, i18n.language) })
            : i18n._("{count} downloads sold, {amount} in sales.", { count: data.sales.purchases, amount: formatMoney(data.sales.grossCents, i18n.language) })}
        </p>
        <ArtistSalesByState rows={data.salesByState} />
        <ArtistSalesReport token={token} />
      </section>

      <section aria-labelledby="artist-balance" className="space-y-4">
        <h2 id="artist-balance" className="text-2xl font-bold">
          {i18n._("Balance")}
        </h2>
        <BalanceSummary balance={data.balance} ready={data.connect.status === "ready"} />
        <PayoutSetup page={data} notice={notice} />
      </section>

      <section aria-labelledby="artist-payouts" className="space-y-4">
        <h2 id="artist-payouts" className="text-2xl font-bold">
          {i18n._("Payouts")}
        </h2>
        <PayoutsTable payouts={data.payouts} />
      </section>

      <section aria-labelledby="artist-statements" className="space-y-4">
        <h2 id="artist-statements" className="text-2xl font-bold">
          {i18n._("Monthly statements")}
        </h2>
        <ArtistStatements statementsPath={artistStatementsPath(token)} />
      </section>

      <section aria-labelledby="artist-sessions" className="space-y-4">
        <h2 id="artist-sessions" className="text-2xl font-bold">
          {i18n._("Signed-in browsers")}
        </h2>
        <ArtistSessions token={token} sessions={data.sessions} />
      </section>

      <section aria-labelledby="artist-link" className="space-y-4">
        <h2 id="artist-link" className="text-2xl font-bold">
          {i18n._("Your private link")}
        </h2>
        <ArtistLink token={token} expiresAt={data.link.expiresAt} />
      </section>
    </div>
  );
}
