import { useLocation, useSearchParams } from "@/lib/router/location";
import { useParams } from "@/lib/router/routes";
import { useI18n } from "@/lib/i18n";
import { ArtistDashboard } from "@/features/artist/components/artist-dashboard";

export function Component() {
  const i18n = useI18n();
  const { token = "" } = useParams();
  const search = useSearchParams();
  // Stripe sends the artist back with `?payouts=refresh` when an onboarding link expired or was used.
  const refreshNotice = search.get("payouts") === "refresh" ? i18n._("That payout setup link expired. Press Get paid to continue where you left off.") : undefined;
  // Set when the artist revoked their old links and landed on the new one.
  const linkNotice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <>
      {/* The URL holds the artist's private token: never send it to another site as a Referer. */}
      <meta name="referrer" content="no-referrer" />
      <ArtistDashboard
        key={token}
        token={token}
        notice={refreshNotice}
        linkNotice={typeof linkNotice === "string" ? linkNotice : undefined}
      />
    </>
  );
}
