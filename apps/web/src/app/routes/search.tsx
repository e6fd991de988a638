/**
 * `/search?q=`: the catalogue searched from the header's box. The query lives in the address, so a
 * reload, a bookmark or the back button shows the same search; the header's box holds it too.
 */
import { PlayerBar } from "@/features/player/components/player-bar";
import { PlayerProvider } from "@/features/player/player-provider";
import { usePlayerActions, usePlayerState } from "@/features/player/player-context";
import { SearchResults } from "@/features/catalogue/components/search-results";
import { useSearchParams } from "@/lib/router/location";
import { useI18n } from "@/lib/i18n";
import { Island } from "@/components/island";
// Home's chunk comes with this screen: both use the player and the catalogue's reads, and one chunk
// for the two keeps Home's own download as small as it was (e2e/home-weight.e2e.test.ts) instead of
// splitting what they share into more, smaller files.
import "./home";

/** The results with the player's state: inside the provider, as Home's catalogue is. */
function Results({ query }: { query: string }) {
  const { song: current, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  return <SearchResults query={query} player={{ currentSongId: current?.id ?? null, playing, onToggle: toggle }} />;
}

export function Component() {
  const i18n = useI18n();
  const query = useSearchParams().get("q") ?? "";
  return (
    <PlayerProvider>
      <title>{query.trim() ? i18n._("“{query}” – Search – JPlay", { query }) : i18n._("Search – JPlay")}</title>
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-32 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Search")}</h1>
        <Results query={query} />
      </div>
      <Island name="player-bar">
        <PlayerBar featuredSong={null} />
      </Island>
    </PlayerProvider>
  );
}
