/** /confirmation/{songId} (docs/product.md, Screens): loads the song (its price drives the estimate) and shows the confirmation. */
import { useParams } from "@/lib/router/routes";
import { useI18n } from "@/lib/i18n";
import { SongGate } from "@/features/catalogue/components/song-gate";
import { DistributionConfirmation } from "@/features/distribution/components/distribution-confirmation";
import { QueryScreen } from "@/lib/query";

function Screen() {
  const i18n = useI18n();
  return (
    <SongGate songId={useParams().songId ?? ""} loadingLabel={i18n._("Loading your distribution")}>
      {(song) => (
        <div className="mx-auto max-w-3xl px-4 pt-6 pb-28 sm:px-6">
          <title>{i18n._("Distribution complete – JPlay")}</title>
          <DistributionConfirmation song={song} />
        </div>
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
