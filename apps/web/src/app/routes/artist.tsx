import { useLocation, useSearchParams } from "@/lib/router/location";
import { ARTIST_LINK_FROM_COOKIE, ARTIST_LINK_NOT_KEPT } from "@jplay/schema/artist";
import { useParams } from "@/lib/router/routes";
import { useI18n } from "@/lib/i18n";
import { ArtistDashboard } from "@/features/artist/components/artist-dashboard";

export function Component() {
  const i18n = useI18n();
  // At /artist the link is the one this browser keeps (an HttpOnly cookie the Worker reads).
  const { token = ARTIST_LINK_FROM_COOKIE } = useParams();
  const search = useSearchParams();
  // Stripe sends the artist back with `?payouts=refresh` when an onboarding link expired or was used.
  const refreshNotice = search.get("payouts") === "refresh" ? i18n._("That payout setup link expired. Press Get paid to continue where you left off.") : undefined;
  // The Worker did not keep the link opened (another website sent the browser, or it was malformed).
  const notKeptNotice =
    search.get(ARTIST_LINK_NOT_KEPT.param) === ARTIST_LINK_NOT_KEPT.value
      ? i18n._("The link you opened was not kept in this browser. To open your artist page, open the link from the text JPlay sent you, or paste it into your browser's address bar.")
      : undefined;
  // Set when the artist revoked their old links: the notice, and the new link to keep.
  const state = useLocation().state as { notice?: unknown; link?: unknown } | null;
  const linkNotice = typeof state?.notice === "string" && typeof state.link === "string" ? { text: state.notice, link: state.link } : undefined;
  return (
    <>
      {/* The page is private (and at /artist/{token} its URL holds the token): never send it on as a Referer. */}
      <meta name="referrer" content="no-referrer" />
      <ArtistDashboard
        key={token}
        token={token}
        notice={refreshNotice}
        notKeptNotice={notKeptNotice}
        linkNotice={linkNotice}
      />
    </>
  );
}
