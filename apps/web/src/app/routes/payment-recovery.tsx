/**
 * /payment-recovery/{songId}/{tier?} (docs/product.md, Screens): the discounted offers after a decline. The
 * route loads the song and keys the offer by song and tier, so moving to the next tier starts it fresh.
 */
import { useI18n } from "@/lib/i18n";
import { useLocation } from "@/lib/router/location";
import { useParams } from "@/lib/router/routes";
import { SongGate } from "@/features/catalogue/components/song-gate";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import { DeclinedBanner } from "@/features/recovery/components/declined-banner";
import { RecoveryOffer, type RecoveryHandover } from "@/features/recovery/components/recovery-offer";
import { Testimonial } from "@/features/recovery/components/testimonial";
import { parseTier, tierTitle } from "@/features/recovery/recovery-tier";
import { QueryScreen } from "@/lib/query";

function Screen() {
  const i18n = useI18n();
  const params = useParams();
  const handover = useLocation().state as RecoveryHandover | null;
  const tier = parseTier(params.tier);

  return (
    <SongGate songId={params.songId ?? ""} loadingLabel={i18n._("Loading your offer")}>
      {(song) => (
        <PaymentsProvider>
          <title>{`${tierTitle(tier, i18n)} – JPlay`}</title>
          <div className="mx-auto max-w-3xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
            <DeclinedBanner song={song} />
            <RecoveryOffer key={`${song.id}/${tier}`} songId={song.id} tier={tier} handover={handover ?? undefined} />
            <Testimonial />
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
