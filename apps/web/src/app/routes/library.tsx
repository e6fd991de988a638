/**
 * `/library`: the listener's purchased songs, on a tablet the provider opened with a signed listener
 * token (features/library/listener-token.ts); each plays in the one player bar.
 */
import { useState } from "react";
import { PlayerBar } from "@/features/player/components/player-bar";
import { PlayerProvider } from "@/features/player/player-provider";
import { usePlayerActions, usePlayerState } from "@/features/player/player-context";
import { LibrarySongs } from "@/features/library/components/library-songs";
import { currentListenerToken } from "@/features/library/listener-token";
import { useI18n } from "@/lib/i18n";
// Home's chunk comes with this screen, as with search: the player and the song cards are shared.
import "./home";

function Songs() {
  const { song: current, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  const [token] = useState(currentListenerToken);
  return <LibrarySongs token={token} player={{ currentSongId: current?.id ?? null, playing, onToggle: toggle }} />;
}

export function Component() {
  const i18n = useI18n();
  return (
    <PlayerProvider>
      <title>{i18n._("Library – JPlay")}</title>
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-32 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Library")}</h1>
        <Songs />
      </div>
      <PlayerBar featuredSong={null} />
    </PlayerProvider>
  );
}
