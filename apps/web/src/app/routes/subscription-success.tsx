import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { PageShell } from "@/components/page-shell";
import { useI18n } from "@/lib/i18n";
import { slots, withElements } from "@/lib/i18n/with-elements";
import { useMe } from "@/features/me/api/get-me";
import { MyArtistPageLink } from "@/features/me/components/my-artist-page-link";
import { MyGetPaid } from "@/features/me/components/my-get-paid";
import { QueryScreen } from "@/lib/query";

function Screen() {
  const i18n = useI18n();
  // Where the Pro offer's "cancel any time" is kept: the artist's private page, for this browser's artist.
  const me = useMe();
  return (
    <PageShell title={i18n._("Your Pro subscription is active")}>
      <p className="text-lg">
        {i18n._(
          "Thank you for subscribing to JPlay Pro. Your subscription is now active: unlimited distribution, 24-hour priority processing and your lower revenue split are yours. Your monthly statements of sales and payouts are on your artist page.",
        )}
      </p>
      {me.data?.artist && (
        <p>
          {withElements(i18n._("See your next renewal date or cancel any time on {link}.", slots("link")), {
            link: <MyArtistPageLink className="font-semibold text-accent underline underline-offset-4">{i18n._("your private artist page")}</MyArtistPageLink>,
          })}
        </p>
      )}
      <MyGetPaid />
      <Link to="/" className={buttonClass("primary", "lg")}>
        {i18n._("Back to Home")}
      </Link>
    </PageShell>
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
