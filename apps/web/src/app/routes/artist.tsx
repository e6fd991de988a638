import { useLocation, useSearchParams } from "@/lib/router/location";
import { ARTIST_LINK_FROM_COOKIE, ARTIST_LINK_NOT_KEPT } from "@jplay/schema/artist";
import { Button } from "@/components/ui/button";
import { useParams } from "@/lib/router/routes";
import { useI18n } from "@/lib/i18n";
import { ArtistDashboard } from "@/features/artist/components/artist-dashboard";
import { QueryScreen } from "@/lib/query";

/**
 * `/artist/{token}` rendered by the app: only where the Worker did not see the navigation (the service
 * worker's copy of the app, offline). The token is never sent in an API call's address; loading the
 * address again when online lets the Worker keep it in the cookie and open `/artist`
 * (docs/decisions/088-leaks-and-cheap-reads.md).
 */
function OpenedOffline() {
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6">
      <title>{i18n._("Your artist page – JPlay")}</title>
      <h1 className="text-3xl font-extrabold">{i18n._("Your artist page")}</h1>
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
        <p className="flex-1">{i18n._("Your artist page could not be loaded. Check the connection and try again.")}</p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {i18n._("Try again")}
        </Button>
      </div>
    </div>
  );
}

function Screen() {
  const i18n = useI18n();
  const { token } = useParams();
  const search = useSearchParams();
  // Set when the artist revoked their old links: the notice, and the new link to keep.
  const state = useLocation().state as { notice?: unknown; link?: unknown } | null;
  if (token !== undefined) return <OpenedOffline />;
  // Stripe sends the artist back with `?payouts=refresh` when an onboarding link expired or was used.
  const refreshNotice =
    search.get("payouts") === "refresh" ? i18n._("That payout setup link expired. Press Get paid to continue where you left off.") : undefined;
  // The Worker did not keep the link opened (another website sent the browser, or it was malformed).
  const notKeptNotice =
    search.get(ARTIST_LINK_NOT_KEPT.param) === ARTIST_LINK_NOT_KEPT.value
      ? i18n._(
          "The link you opened was not kept in this browser. To open your artist page, open the link from the text JPlay sent you, or paste it into your browser's address bar.",
        )
      : undefined;
  const linkNotice = typeof state?.notice === "string" && typeof state.link === "string" ? { text: state.notice, link: state.link } : undefined;
  return (
    <>
      {/* The page is private: never send its address on as a Referer. */}
      <meta name="referrer" content="no-referrer" />
      {/* At /artist the link is the one this browser keeps (an HttpOnly cookie the Worker reads). */}
      <ArtistDashboard token={ARTIST_LINK_FROM_COOKIE} notice={refreshNotice} notKeptNotice={notKeptNotice} linkNotice={linkNotice} />
    </>
  );
}

/** The screen with TanStack Query (lib/query.tsx). */
export function Component() {
  return (
    <QueryScreen>
      <Screen />
    </QueryScreen>
  );
}
