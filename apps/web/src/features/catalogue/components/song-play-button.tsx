/** A song page's play button (app/routes/song.tsx): an island of its own on the server-rendered page (app/islands/). */
import type { SongDto } from "@jplay/schema/song";
import { buttonClass } from "@/components/ui/button";
import { PauseIcon, PlayIcon } from "@/components/ui/icons";
import { useI18n } from "@/lib/i18n";
import { playControl } from "@/lib/early-taps";

export function SongPlayButton<Song extends SongDto>({ song, isPlaying, onToggle }: { song: Song; isPlaying: boolean; onToggle: (song: Song) => void }) {
  const i18n = useI18n();
  return (
    <button {...playControl(song, onToggle)} aria-pressed={isPlaying} className={buttonClass("primary", "lg")}>
      {isPlaying ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
      {isPlaying ? i18n._("Pause") : i18n._("Play")}
    </button>
  );
}
