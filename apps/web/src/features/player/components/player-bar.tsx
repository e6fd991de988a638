import type { KeyboardEvent } from "react";
import type { SongDto } from "@jplay/schema/song";
import { PauseIcon, PlayIcon } from "@/components/ui/icons";
import { Slider } from "@/components/ui/slider";
import { formatTime } from "@/lib/format";
import { coverSources, PLAYER_COVER_SIZES } from "@/lib/cover-sources";
import { usePlayerActions, usePlayerState, usePlayerTime } from "../player-context";
import { LikeButton } from "@/features/likes";
import { useI18n, type Translator } from "@/lib/i18n";
import { playControl } from "@/lib/early-taps";

/** Seconds moved per arrow key press on the seek slider (its 0.1 s step is too fine for keys). */
const KEY_SEEK_SECONDS = 5;
const PAGE_SEEK_SECONDS = 15;

/** The product's fallbacks of the player bar. */
const barTitle = (song: SongDto, i18n: Translator) => (song.title ?? "").trim() || i18n._("No track playing");
const barArtist = (song: SongDto, i18n: Translator) => (song.artist ?? "").trim() || i18n._("Unknown artist");

/**
 * The one fixed player bar (the product's mini player and featured-song bar merged): the current song,
 * or the featured song until one is chosen; nothing when there is neither.
 */
export function PlayerBar({ featuredSong }: { featuredSong: SongDto | null | undefined }) {
  const i18n = useI18n();
  const { song: currentSong, playing, buffering, error } = usePlayerState();
  const { currentTime, duration } = usePlayerTime();
  const { toggle, seek } = usePlayerActions();

  const song = currentSong ?? featuredSong ?? null;
  if (!song) return null;

  const isLoaded = currentSong !== null;
  const title = barTitle(song, i18n);
  const artist = barArtist(song, i18n);
  const canSeek = isLoaded && duration > 0;
  const elapsed = isLoaded ? currentTime : 0;
  const total = isLoaded && duration > 0 ? duration : Number.NaN;

  const playLabel = playing ? i18n._("Pause playback") : isLoaded ? i18n._("Resume playback") : i18n._("Play featured song");

  const onSeekKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const deltas: Record<string, number> = {
      ArrowRight: KEY_SEEK_SECONDS,
      ArrowUp: KEY_SEEK_SECONDS,
      ArrowLeft: -KEY_SEEK_SECONDS,
      ArrowDown: -KEY_SEEK_SECONDS,
      PageUp: PAGE_SEEK_SECONDS,
      PageDown: -PAGE_SEEK_SECONDS,
    };
    const delta = deltas[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    seek(Math.min(duration, Math.max(0, currentTime + delta)));
  };

  return (
    <section
      aria-label={i18n._("Now playing")}
      className="fixed inset-x-0 bottom-16 z-30 border-t border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-3 py-2 sm:px-4">
        <div className="flex items-center gap-3">
          <img {...coverSources(song, PLAYER_COVER_SIZES)} alt="" width={48} height={48} className="size-12 shrink-0 rounded-md bg-surface-2 object-cover" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold break-words">{title}</p>
            <p className="text-xs break-words text-muted">{error && isLoaded ? i18n._("This song could not be played.") : artist}</p>
          </div>
          <LikeButton song={song} title={title} />
          <button
            {...playControl(song, toggle)}
            aria-label={playLabel}
            className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-strong"
          >
            {playing ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
            {playing && buffering && (
              <span aria-hidden="true" className="absolute inset-0 rounded-full border-2 border-transparent border-t-accent-fg motion-safe:animate-spin" />
            )}
          </button>
        </div>
        <div className="flex items-center gap-2 text-xs tabular-nums text-muted">
          <span aria-hidden="true" className="w-10 text-right">
            {formatTime(elapsed)}
          </span>
          <Slider
            aria-label={i18n._("Seek")}
            aria-valuetext={
              Number.isNaN(total)
                ? i18n._("{elapsed} of unknown length", { elapsed: formatTime(elapsed) })
                : i18n._("{elapsed} of {total}", { elapsed: formatTime(elapsed), total: formatTime(total) })
            }
            min={0}
            max={canSeek ? duration : 0}
            step={0.1}
            value={canSeek ? Math.min(elapsed, duration) : 0}
            disabled={!canSeek}
            onValueChange={seek}
            onKeyDown={onSeekKey}
          />
          <span aria-hidden="true" className="w-10">
            {formatTime(total)}
          </span>
        </div>
      </div>
    </section>
  );
}
