/** "Save for later" (a bookmark, 44 × 44 px) on every song card and a song's page: a toggle kept on the tablet (wishlist.ts). */
import type { SongDto } from "@jplay/schema/song";
import { BookmarkIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { useI18n } from "@/lib/i18n";
import { songTitle } from "@/lib/song-labels";
import { useWishlist } from "./wishlist";

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
      className={cn("inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-2", isSaved ? "text-accent" : "text-muted", className)}
    >
      <BookmarkIcon filled={isSaved} className="size-5" />
    </button>
  );
}
