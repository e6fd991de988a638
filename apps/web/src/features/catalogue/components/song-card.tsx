import type { ReactNode } from "react";
import type { SongDto } from "@jplay/schema/song";
import { artistPath, songPagePath } from "@jplay/schema/catalogue-paths";
import { Link } from "@/lib/router/link";
import { PauseIcon, PlayIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { yearOf } from "@/lib/format";
import { songArtist, songTitle } from "@/lib/song-labels";
import { LikeButton, SavedForOffline } from "@/features/likes";
import { CARD_COVER_SIZES, coverSources } from "@/lib/cover-sources";
import { useI18n } from "@/lib/i18n";
import { Island } from "@/components/island";
import { playControl } from "@/lib/early-taps";

export interface SongCardProps {
  song: SongDto;
  /** This song is the one loaded in the player. */
  isCurrent: boolean;
  /** This song is playing (or about to: buffering). */
  isPlaying: boolean;
  onToggle: (song: SongDto) => void;
  /** Above the fold (Home's first row): fetched at once and first, not lazily. */
  priority?: boolean;
  /** A control the screen adds over the cover's top-left corner (the browsing screens' "Save for later"). */
  action?: (song: SongDto, title: string) => ReactNode;
}

/** Styles of the heart over a card's cover. */
const CARD_LIKE_CLASS = "absolute top-2 right-2 bg-canvas/80 hover:bg-canvas";

/** A card's cover, which plays or pauses its song: the card's island on a listener page (components/island.tsx). */
export function CardPlayButton({ song, isCurrent, isPlaying, onToggle, priority = false }: Omit<SongCardProps, "action">) {
  const i18n = useI18n();
  const title = songTitle(song, i18n);
  return (
    <button
      {...playControl(song, onToggle)}
      aria-label={isPlaying ? i18n._("Pause {title}", { title }) : i18n._("Play {title}", { title })}
      aria-pressed={isPlaying}
      className={cn("group relative block aspect-square w-full overflow-hidden rounded-xl bg-surface-2 shadow-sm", isCurrent && "ring-2 ring-accent")}
    >
      <img
        {...coverSources(song, CARD_COVER_SIZES)}
        alt=""
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        width={288}
        height={288}
        className="size-full object-cover transition-transform motion-safe:group-hover:scale-105"
      />
      <span
        aria-hidden="true"
        className={cn(
          "absolute right-2 bottom-2 inline-flex size-11 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-opacity",
          isCurrent ? "opacity-100" : "opacity-90 group-hover:opacity-100",
        )}
      >
        {isPlaying ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
      </span>
    </button>
  );
}

export function SongCard({ song, isCurrent, isPlaying, onToggle, priority = false, action }: SongCardProps) {
  const i18n = useI18n();
  const title = songTitle(song, i18n);
  const year = yearOf(song.createdAt);
  return (
    <li className="relative min-w-0">
      <Island name="card-play" props={{ songId: song.id, priority }}>
        <CardPlayButton song={song} isCurrent={isCurrent} isPlaying={isPlaying} onToggle={onToggle} priority={priority} />
      </Island>
      <Island name="like" props={{ songId: song.id, className: CARD_LIKE_CLASS }}>
        <LikeButton song={song} className={CARD_LIKE_CLASS} />
      </Island>
      {action && <div className="absolute top-2 left-2">{action(song, title)}</div>}
      <h3 className="mt-1 text-sm font-semibold break-words" title={title}>
        <Link to={songPagePath(song.id)} className="flex min-h-11 items-center hover:underline">
          {title}
        </Link>
      </h3>
      <p className="text-sm break-words text-muted">
        <Link to={artistPath(song.artist)} className="inline-flex min-h-11 items-center hover:text-fg hover:underline">
          {songArtist(song, i18n)}
        </Link>
      </p>
      {year !== null && <p className="text-xs text-muted">{year}</p>}
      {song.explicit && (
        <p className="mt-1 inline-block rounded border border-line px-1.5 text-[0.65rem] font-bold tracking-wide uppercase">{i18n._("Explicit")}</p>
      )}
      <Island name="saved-offline" props={{ songId: song.id }}>
        <SavedForOffline song={song} />
      </Island>
    </li>
  );
}
