/**
 * One page of "All songs" or of a genre (api/browse.ts), as a grid of song cards, with links to the
 * next page and back to the first. The page is the address's (`?after=`), so each is a URL that
 * works without JavaScript, a reload or the back button.
 */
import { Spinner } from "@/components/ui/spinner";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/lib/router/link";
import { hasErrorCode } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { useBrowsePage } from "../api/browse";
import { isUnknownFacility } from "../facility";
import { LoadError, UnknownFacility } from "./catalogue-states";
import { SongRow, type SongRowProps } from "./song-row";

export interface PagedSongsProps {
  /** The list's heading. */
  title: string;
  /** A genre's slug; null: every song. */
  genre: string | null;
  /** This page's cursor; null: the first page. */
  after: string | null;
  /** The list's own address, without `?after=`. */
  path: string;
  player: Pick<SongRowProps, "currentSongId" | "playing" | "onToggle" | "cardAction">;
}

export function PagedSongs({ title, genre, after, path, player }: PagedSongsProps) {
  const i18n = useI18n();
  const page = useBrowsePage(genre, after);

  if (page.isPending) return <Spinner label={i18n._("Loading songs")} />;
  if (page.isError && isUnknownFacility(page.error)) return <UnknownFacility />;
  if (page.isError && hasErrorCode(page.error, "bad_request")) {
    return (
      <p className="text-lg">
        {i18n._("This page of the list no longer exists.")}{" "}
        <Link to={path} className="font-semibold underline">
          {i18n._("Go to the first page")}
        </Link>
      </p>
    );
  }
  if (page.isError) return <LoadError message={i18n._("Songs could not be loaded. Check the connection and try again.")} onRetry={() => void page.refetch()} />;

  const { songs, next } = page.data;
  return (
    <div className="space-y-6">
      {songs.length === 0 ? (
        <p className="text-lg">{i18n._("No songs here yet.")}</p>
      ) : (
        <SongRow id="browse-songs" title={title} songs={songs} priority {...player} />
      )}
      {(after !== null || next !== null) && (
        <nav aria-label={i18n._("Pages of {list}", { list: title })} className="flex flex-wrap gap-3">
          {after !== null && (
            <Link to={path} className={buttonClass("secondary", "md")}>
              {i18n._("First page")}
            </Link>
          )}
          {next !== null && (
            <Link to={`${path}?after=${encodeURIComponent(next)}`} rel="next" className={buttonClass("primary", "md")}>
              {i18n._("Next page")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
