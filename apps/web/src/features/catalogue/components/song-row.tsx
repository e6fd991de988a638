import type { ReactNode } from "react";
import type { SongDto } from "@jplay/schema/song";
import { SongCard, type SongCardProps } from "./song-card";

export interface SongRowProps {
  id: string;
  title: string;
  subtitle?: ReactNode;
  songs: SongDto[];
  currentSongId: string | null;
  playing: boolean;
  onToggle: (song: SongDto) => void;
  /** The first row on the page: the covers of its first line load first (SongCard's `priority`), the rest lazily. */
  priority?: boolean;
  /** A control over each card's cover (SongCard's `action`). */
  cardAction?: SongCardProps["action"];
}

/** Cards on the first line of a tablet's grid (sm:grid-cols-4): those above the fold. */
const FIRST_LINE = 4;

/** A titled row of song cards (a list, so screen readers announce how many songs it holds). */
export function SongRow({ id, title, subtitle, songs, currentSongId, playing, onToggle, priority = false, cardAction }: SongRowProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-muted">{subtitle}</p>}
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {songs.map((song, index) => (
          <SongCard
            key={song.id}
            song={song}
            isCurrent={song.id === currentSongId}
            isPlaying={song.id === currentSongId && playing}
            onToggle={onToggle}
            priority={priority && index < FIRST_LINE}
            action={cardAction}
          />
        ))}
      </ul>
    </section>
  );
}
