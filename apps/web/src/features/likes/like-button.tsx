/**
 * The like toggle (a heart, 44 × 44 px) on every song card and in the player bar, and the "Saved for
 * offline" line a liked song shows once its audio is kept on the tablet (features/offline).
 */
import type { SongDto } from "@jplay/schema/song";
import { HeartIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { useI18n } from "@/lib/i18n";
import { songTitle } from "@/lib/song-labels";
import { useSavedForOffline } from "@/features/offline";
import { useLikedSongs } from "./liked-songs";

export function LikeButton({ song, title, className }: { song: SongDto; title?: string; className?: string }) {
  const i18n = useI18n();
  const { liked, toggleLike } = useLikedSongs();
  const isLiked = liked.has(song.id);
  return (
    <button
      type="button"
      aria-label={i18n._("Like {title}", { title: title ?? songTitle(song, i18n) })}
      aria-pressed={isLiked}
      onClick={() => toggleLike(song)}
      data-early-tap="like"
      data-song-id={song.id}
      // Drawn from aria-pressed, so a heart the page's first script marks (src/early-taps.ts) looks liked too.
      className={cn(
        "group inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 aria-pressed:text-accent",
        className,
      )}
    >
      <HeartIcon className="size-5 group-aria-pressed:fill-current" />
    </button>
  );
}

/** "Saved for offline" under a liked song whose audio is on the tablet; nothing otherwise. */
export function SavedForOffline({ song }: { song: SongDto }) {
  const i18n = useI18n();
  const { liked } = useLikedSongs();
  const saved = useSavedForOffline(song.audioUrl, liked.has(song.id));
  if (!saved) return null;
  return (
    <p className="text-xs text-muted" data-saved-for-offline={song.id}>
      {i18n._("Saved for offline")}
    </p>
  );
}
