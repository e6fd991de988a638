import type { SongDto } from "@jplay/schema/song";
import { Spinner } from "@/components/ui/spinner";
import { useFeaturedSong } from "@/features/catalogue/api/get-featured-song";
import { usePopularSongs } from "@/features/catalogue/api/get-popular-songs";
import { useRecentSongs } from "@/features/catalogue/api/get-recent-songs";
import { EmptyCatalogue, LoadError, UnknownFacility } from "@/features/catalogue/components/catalogue-states";
import { isUnknownFacility } from "@/features/catalogue/facility";
import { Hero } from "@/features/catalogue/components/hero";
import { InfoSection } from "@/features/catalogue/components/info-section";
import { PromoCard } from "@/features/catalogue/components/promo-card";
import { SongRow } from "@/features/catalogue/components/song-row";
import { PlayerBar } from "@/features/player/components/player-bar";
import { usePlayerActions, usePlayerState } from "@/features/player/player-context";
import { PlayerProvider } from "@/features/player/player-provider";
import { useWarmFirstTap } from "@/features/player/hooks/use-warm-first-tap";
import { useI18n } from "@/lib/i18n";
import { Island } from "@/components/island";
import { DistributionSuccess } from "../distribution-success";
import { HOME_ROW_SIZE } from "../home-page-data";

function Catalogue() {
  const i18n = useI18n();
  const popular = usePopularSongs();
  const recent = useRecentSongs();
  const { song: current, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  const rowProps = { currentSongId: current?.id ?? null, playing, onToggle: toggle };
  useWarmFirstTap(popular.data?.[0]);

  if (popular.isPending) return <Spinner label={i18n._("Loading songs")} />;
  if (popular.isError && isUnknownFacility(popular.error)) return <UnknownFacility />;
  if (popular.isError)
    return <LoadError message={i18n._("Songs could not be loaded. Check the connection and try again.")} onRetry={() => void popular.refetch()} />;
  if (popular.data.length === 0) return <EmptyCatalogue />;

  return (
    <div className="space-y-10">
      <SongRow
        id="trending"
        title={i18n._("Trending Songs")}
        subtitle={i18n._("Listen Again / Trending with Inmates")}
        songs={popular.data.slice(0, HOME_ROW_SIZE)}
        priority
        {...rowProps}
      />
      {recent.isPending ? (
        <Spinner label={i18n._("Loading recently added songs")} />
      ) : recent.isError ? (
        <LoadError message={i18n._("Recently added songs could not be loaded. Check the connection and try again.")} onRetry={() => void recent.refetch()} />
      ) : (
        recent.data.length > 0 && <SongRow id="recent" title={i18n._("Recently Added")} songs={recent.data.slice(0, HOME_ROW_SIZE)} {...rowProps} />
      )}
    </div>
  );
}

function FeaturedPlayerBar() {
  const featured = useFeaturedSong();
  const featuredSong: SongDto | null = featured.data ?? null;
  return (
    <Island name="player-bar" props={{ featuredSongId: featuredSong?.id ?? null }}>
      <PlayerBar featuredSong={featuredSong} />
    </Island>
  );
}

export function Component() {
  const i18n = useI18n();
  return (
    <PlayerProvider>
      <title>{i18n._("JPlay – Music for 2.4 million listeners")}</title>
      {/* Room for the fixed player bar above the bottom navigation. */}
      <div className="mx-auto max-w-6xl space-y-12 px-4 pt-6 pb-32 sm:px-6">
        <Island name="distribution-success">
          <DistributionSuccess />
        </Island>
        <Hero />
        <section id="browse" tabIndex={-1} aria-label={i18n._("Browse music")} className="scroll-mt-24">
          <Catalogue />
        </section>
        <PromoCard />
        <InfoSection />
      </div>
      <FeaturedPlayerBar />
    </PlayerProvider>
  );
}
