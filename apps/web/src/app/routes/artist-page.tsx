/**
 * `/artists/{slug}`: an artist's public page — the name listeners see on their songs and those songs
 * in this tablet's catalogue, newest first. Nothing else about the artist is public.
 */
import { Spinner } from "@/components/ui/spinner";
import { buttonClass } from "@/components/ui/button";
import { useArtistPage } from "@/features/catalogue/api/browse";
import { LoadError, UnknownFacility } from "@/features/catalogue/components/catalogue-states";
import { SongRow } from "@/features/catalogue/components/song-row";
import { isUnknownFacility } from "@/features/catalogue/facility";
import { hasErrorCode } from "@/lib/api-client";
import { Link } from "@/lib/router/link";
import { useParams } from "@/lib/router/routes";
import { useI18n } from "@/lib/i18n";
import { ListenerScreen, usePlayerRow } from "../listener-screen";
// The player and the catalogue's reads come in Home's chunk, as the search screen's do (routes/search.tsx).
import "./home";

function Artist({ slug }: { slug: string }) {
  const i18n = useI18n();
  const artist = useArtistPage(slug);
  const player = usePlayerRow();
  if (artist.isPending) return <Spinner label={i18n._("Loading the artist's songs")} />;
  if (artist.isError && isUnknownFacility(artist.error)) return <UnknownFacility />;
  if (artist.isError && hasErrorCode(artist.error, "not_found")) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Artist not found")}</h1>
        <p className="text-lg">{i18n._("No songs by this artist are in this tablet's catalogue.")}</p>
        <Link to="/browse" className={buttonClass("primary", "lg")}>
          {i18n._("Browse")}
        </Link>
      </div>
    );
  }
  if (artist.isError)
    return <LoadError message={i18n._("The artist's songs could not be loaded. Check the connection and try again.")} onRetry={() => void artist.refetch()} />;
  const { name, songs } = artist.data;
  return (
    <>
      <div className="space-y-1">
        <p className="text-sm font-semibold tracking-wide text-muted uppercase">{i18n._("Artist")}</p>
        <h1 className="text-3xl font-extrabold tracking-tight break-words">{name}</h1>
        <p className="text-muted">{songs.length === 1 ? i18n._("1 song") : i18n._("{count} songs", { count: songs.length })}</p>
      </div>
      <SongRow id="artist-songs" title={i18n._("Songs")} songs={songs} priority {...player} />
    </>
  );
}

export function Component() {
  const i18n = useI18n();
  const slug = useParams().slug ?? "";
  const artist = useArtistPage(slug);
  return (
    <ListenerScreen title={artist.data ? i18n._("{artist} – JPlay", { artist: artist.data.name }) : i18n._("Artist – JPlay")}>
      <Artist slug={slug} />
    </ListenerScreen>
  );
}
