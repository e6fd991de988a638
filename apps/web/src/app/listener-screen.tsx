/**
 * The frame of the browsing screens (routes/browse.tsx, all-songs.tsx, genre.tsx, song.tsx,
 * artist-page.tsx): the player around the screen and its bar below, as Home and Search have them.
 */
import type { ReactNode } from "react";
import { PlayerBar } from "@/features/player/components/player-bar";
import { usePlayerActions, usePlayerState } from "@/features/player/player-context";
import { PlayerProvider } from "@/features/player/player-provider";

export function ListenerScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PlayerProvider>
      <title>{title}</title>
      {/* Room for the fixed player bar above the bottom navigation. */}
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-32 sm:px-6">{children}</div>
      <PlayerBar featuredSong={null} />
    </PlayerProvider>
  );
}

/** What a row of song cards needs of the player: the song loaded, whether it plays, the toggle. */
export function usePlayerRow() {
  const { song, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  return { currentSongId: song?.id ?? null, playing, onToggle: toggle };
}
