/**
 * What a search found (`/search?q=`): the songs as Home shows them, each playable, with honest
 * states: nothing typed yet, searching, nothing found (with what to try), and a failure with a way to
 * try again. The count is announced to screen readers once the answer arrives.
 */
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { useSearchSongs } from "../api/search-songs";
import { isUnknownFacility } from "../facility";
import { LoadError, UnknownFacility } from "./catalogue-states";
import { SongRow, type SongRowProps } from "./song-row";

/** `player`: what is playing and how to toggle a song, as Home's rows get it. */
export function SearchResults({ query, player }: { query: string; player: Pick<SongRowProps, "currentSongId" | "playing" | "onToggle"> }) {
  const i18n = useI18n();
  const found = useSearchSongs(query);

  if (query.trim() === "") return <p className="text-muted">{i18n._("Type a song title, an artist, a word of the lyrics or a genre.")}</p>;
  if (found.isPending) return <Spinner label={i18n._("Searching")} />;
  if (found.isError && isUnknownFacility(found.error)) return <UnknownFacility />;
  if (found.isError)
    return <LoadError message={i18n._("The search could not be finished. Check the connection and try again.")} onRetry={() => void found.refetch()} />;

  const songs = found.data ?? [];
  return (
    <div className="space-y-6">
      <p role="status" className="font-medium">
        {songs.length === 0
          ? i18n._("No songs match “{query}”.", { query })
          : songs.length === 1
            ? i18n._("1 song matches “{query}”.", { query })
            : i18n._("{count} songs match “{query}”.", { count: songs.length, query })}
      </p>
      {songs.length === 0 ? (
        <p className="text-muted">{i18n._("Check the spelling, or try fewer words: an artist's name, a word of the title or of the lyrics.")}</p>
      ) : (
        <SongRow id="search-results" title={i18n._("Songs")} songs={songs} {...player} priority />
      )}
    </div>
  );
}
