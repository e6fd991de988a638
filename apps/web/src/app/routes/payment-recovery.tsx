/**
 * /payment-recovery/{songId}/{tier?} (spec section 2): the discounted offers after a decline. The
 * route loads the song and keys the offer by song and tier, so moving to the next tier starts it fresh.
 */
import { useLocation, useParams } from "react-router";
import { SongNotFound } from "@/components/song-not-found";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useSong } from "@/features/catalogue/api/get-song";
import { LoadError } from "@/features/catalogue/components/catalogue-states";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import { DeclinedBanner } from "@/features/recovery/components/declined-banner";
import { RecoveryOffer, type RecoveryHandover } from "@/features/recovery/components/recovery-offer";
import { Testimonial } from "@/features/recovery/components/testimonial";
import { parseTier } from "@/features/recovery/recovery-tier";

export function Component() {
  const params = useParams();
  const location = useLocation();
  const songId = params.songId ?? "";
  const tier = parseTier(params.tier);
  const song = useSong(songId);

  if (song.isPending) return <Spinner label="Loading your offer" className="min-h-[50vh]" />;
  if (song.isError) {
    if (song.error instanceof ApiError && song.error.status === 404) return <SongNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <LoadError what="Your song" onRetry={() => void song.refetch()} />
      </div>
    );
  }

  return (
    <PaymentsProvider>
      <title>{`${tier === 2 ? "Final Offer" : "Special Offer"} – JPlay`}</title>
      <div className="mx-auto max-w-3xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
        <DeclinedBanner song={song.data} />
        <RecoveryOffer key={`${song.data.id}/${tier}`} songId={song.data.id} tier={tier} handover={location.state as RecoveryHandover | undefined} />
        <Testimonial />
      </div>
    </PaymentsProvider>
  );
}
