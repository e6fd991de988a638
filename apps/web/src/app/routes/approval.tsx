/**
 * /approval/{songId} (docs/product.md, Screens): the Complete / offer screen. The route only loads the song
 * (the owner sees their pending song; anyone else gets 'Song not found') and composes the offer.
 */
import { useParams } from "@/lib/router/routes";
import { songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";
import { SongGate } from "@/features/catalogue/components/song-gate";
import { CompleteDistribution } from "@/features/distribution/components/complete-distribution";
import { DetectedThemes } from "@/features/distribution/components/detected-themes";
import { OfferBanner } from "@/features/distribution/components/offer-banner";
import { PartnerOffer } from "@/features/distribution/components/partner-offer";
import { SalesProjection } from "@/features/distribution/components/sales-projection";
import { SuccessVideo } from "@/features/distribution/components/success-video";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import { QueryScreen } from "@/lib/query";

function Screen() {
  const i18n = useI18n();
  return (
    <SongGate songId={useParams().songId ?? ""} loadingLabel={i18n._("Loading your song")}>
      {(song) => (
        <PaymentsProvider>
          <title>{i18n._("Complete Your Distribution: {title} – JPlay", { title: songTitle(song, i18n) })}</title>
          <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
            <OfferBanner song={song} />
            <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
              <div className="space-y-8">
                <PartnerOffer />
                <CompleteDistribution songId={song.id} />
                <SalesProjection />
              </div>
              <aside aria-label={i18n._("More about your song")} className="space-y-8">
                <SuccessVideo />
                <DetectedThemes />
              </aside>
            </div>
          </div>
        </PaymentsProvider>
      )}
    </SongGate>
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
