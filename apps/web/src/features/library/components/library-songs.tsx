/**
 * The Library screen's body: the listener's purchased songs as Home shows songs, each playable, with
 * honest states: no listener token (the Library opens from the provider's JPlay link), loading, a
 * failure with a way to try again, and nothing bought yet.
 */
import { LoadError, SongRow, type SongRowProps } from "@/features/catalogue";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { useTabletLibrary } from "../get-library";

export function LibrarySongs({ token, player }: { token: string | null; player: Pick<SongRowProps, "currentSongId" | "playing" | "onToggle"> }) {
  const i18n = useI18n();
  const library = useTabletLibrary(token);
  if (token === null) return <p className="text-muted">{i18n._("Your Library opens from the JPlay link on your tablet. It shows the songs you bought.")}</p>;
  if (library.isPending) return <Spinner label={i18n._("Loading your songs")} />;
  if (library.isError) return <LoadError message={i18n._("Your songs could not be loaded. Check the connection and try again.")} onRetry={library.refetch} />;
  if (library.data.songs.length === 0) return <p className="text-muted">{i18n._("You have not bought any songs yet.")}</p>;
  return <SongRow id="library-songs" title={i18n._("Songs you bought")} songs={library.data.songs} {...player} priority />;
}
