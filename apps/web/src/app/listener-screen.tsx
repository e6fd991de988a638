/**
 * The frame of the browsing screens (routes/browse.tsx, all-songs.tsx, genre.tsx, song.tsx,
 * artist-page.tsx): the player around the screen and its bar below, as Home and Search have them.
 */
import type { ReactNode } from "react";
import type { SongDto } from "@jplay/schema/song";
import { PlayerBar } from "@/features/player/components/player-bar";
import { usePlayerActions, usePlayerState } from "@/features/player/player-context";
import { PlayerProvider } from "@/features/player/player-provider";
import { SaveForLaterButton } from "@/features/wishlist";
import { Island } from "@/components/island";

export function ListenerScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PlayerProvider>
      <title>{title}</title>
      {/* Room for the fixed player bar above the bottom navigation. */}
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-32 sm:px-6">{children}</div>
      <Island name="player-bar">
        <PlayerBar featuredSong={null} />
      </Island>
    </PlayerProvider>
  );
}

const SAVE_CLASS = "bg-canvas/80 hover:bg-canvas";

/** "Save for later" over a card's cover. Home's rows have none: it would weigh on Home's budget (a song's card leads to its page, which has it). */
const saveForLater = (song: SongDto) => (
  <Island name="save" props={{ songId: song.id, className: SAVE_CLASS }}>
    <SaveForLaterButton song={song} className={SAVE_CLASS} />
  </Island>
);

/** What a row of song cards needs on these screens: the song loaded, whether it plays, the toggle, "Save for later". */
export function usePlayerRow() {
  const { song, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  return { currentSongId: song?.id ?? null, playing, onToggle: toggle, cardAction: saveForLater };
}
