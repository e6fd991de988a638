/**
 * /distribute (docs/product.md, Screens): the hero, the payment-setup card, the song form and the promo video.
 * The route only composes: the saved payment is the one piece of state the two cards share (a
 * returning artist may take the card saved in their session instead of typing one). Above
 * them, the artist's songs ("Your songs", with Pay now for an unpaid one), and, when /checkout or
 * /subscribe sent the artist here to save a card, the way back once it is saved
 * (docs/decisions/028-artist-journey.md).
 */
import { useState } from "react";
import { useNavigate, useSearchParams } from "@/lib/router/location";
import { useI18n } from "@/lib/i18n";
import { cleanVersionOriginals } from "@jplay/schema/me";
import { refreshMe, useMe } from "@/features/me/api/get-me";
import { UseSavedCard } from "@/features/me/components/use-saved-card";
import { YourSongs } from "@/features/me/components/your-songs";
import { safeReturnTo } from "@/features/me/return-to";
import { DistributeHero } from "@/features/distribution/components/distribute-hero";
import { DistributionForm } from "@/features/distribution/components/distribution-form";
import { PromoVideo } from "@/features/distribution/components/promo-video";
import { PaymentSetupCard } from "@/features/payments/components/payment-setup-card";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import type { SavedPayment } from "@/features/payments/saved-payment";
import { QueryScreen } from "@/lib/query";

/** What to do before going back to the screen that sent the artist here, one whole sentence per screen. */
const RETURN_NOTES = {
  "/checkout": /*i18n*/ "Save your card below, then you will go straight back to the distribution fee payment.",
  "/subscribe": /*i18n*/ "Save your card below, then you will go straight back to your Pro subscription.",
} as const;

function Screen() {
  const i18n = useI18n();
  const [payment, setPayment] = useState<SavedPayment | null>(null);
  // A returning artist's card, saved in this browser's session: offered, never swapped in under their typing.
  const me = useMe().data?.artist ?? null;
  const sessionCard = me?.savedPayment ?? null;
  const navigate = useNavigate();
  // Sent here from /checkout or /subscribe to save a card first: back there once it is saved.
  const returnTo = safeReturnTo(useSearchParams().get("returnTo"));
  const onSavedChange = (saved: SavedPayment | null) => {
    setPayment(saved);
    if (!saved) return;
    refreshMe();
    if (returnTo) void navigate(returnTo);
  };
  return (
    <PaymentsProvider>
      <title>{i18n._("Distribute Your Music – JPlay")}</title>
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
        <DistributeHero />
        {returnTo && (
          <p role="status" className="rounded-xl border border-accent/40 bg-accent-soft p-3 font-medium">
            {i18n._(RETURN_NOTES[returnTo])}
          </p>
        )}
        <YourSongs />
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-8">
            {sessionCard && !payment && <UseSavedCard card={sessionCard} onUse={() => setPayment(sessionCard)} />}
            <PaymentSetupCard saved={payment} onSavedChange={onSavedChange} />
            <DistributionForm payment={payment} cleanVersionOriginals={cleanVersionOriginals(me?.songs ?? [])} />
          </div>
          <aside aria-label={i18n._("Promo video")} className="lg:sticky lg:top-24">
            <PromoVideo />
          </aside>
        </div>
      </div>
    </PaymentsProvider>
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
