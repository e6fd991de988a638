import { useLocation, useSearchParams } from "@/lib/router/location";
import { useParams } from "@/lib/router/routes";
import { ArtistDashboard } from "@/features/artist/components/artist-dashboard";

/** Stripe sends the artist back with `?payouts=refresh` when an onboarding link expired or was used. */
const REFRESH_NOTICE = "That payout setup link expired. Press Get paid to continue where you left off.";

export function Component() {
  const { token = "" } = useParams();
  const search = useSearchParams();
  // Set when the artist revoked their old links and landed on the new one.
  const linkNotice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <>
      {/* The URL holds the artist's private token: never send it to another site as a Referer. */}
      <meta name="referrer" content="no-referrer" />
      <ArtistDashboard
        key={token}
        token={token}
        notice={search.get("payouts") === "refresh" ? REFRESH_NOTICE : undefined}
        linkNotice={typeof linkNotice === "string" ? linkNotice : undefined}
      />
    </>
  );
}
