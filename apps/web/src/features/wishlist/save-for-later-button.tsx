/** "Save for later" (a bookmark, 44 × 44 px) on every song card and a song's page: a toggle kept on the tablet (wishlist.ts). */
import type { SongDto } from "@jplay/schema/song";
import { cn } from "@/lib/cn";
import { useI18n } from "@/lib/i18n";
import { songTitle } from "@/lib/song-labels";
import { useWishlist } from "./wishlist";

/** A bookmark, outlined, filled by its class; here rather than with the shared icons, which Home's download carries. */
const BookmarkIcon = ({ className }: { className: string }) => (
  <svg
    width={24}
    height={24}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className={className}
  >
    <path d="M19 21l-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
  </svg>
);

export function SaveForLaterButton({ song, title, className }: { song: SongDto; title?: string; className?: string }) {
  const i18n = useI18n();
  const { saved, toggleSaved } = useWishlist();
  const isSaved = saved.has(song.id);
  return (
    <button
      type="button"
      aria-label={i18n._("Save {title} for later", { title: title ?? songTitle(song, i18n) })}
      aria-pressed={isSaved}
      onClick={() => toggleSaved(song)}
      data-early-tap="save"
      data-song-id={song.id}
      // Drawn from aria-pressed, so a bookmark the page's first script marks (src/early-taps.ts) looks saved too.
      className={cn(
        "group inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 aria-pressed:text-accent",
        className,
      )}
    >
      <BookmarkIcon className="size-5 group-aria-pressed:fill-current" />
    </button>
  );
}
