/**
 * `/songs/{id}`: a song's page — its cover, title, artist (a link to their page), credits, genre (a
 * link to its list), ISRC and lyrics when it has them, with play and like. The lyrics are a region
 * of their own under a "Lyrics" heading, in their own language (`lang`), in text that wraps at any
 * zoom (docs/decisions/065-browse-song-and-artist-pages.md).
 */
import type { SongDetailsDto } from "@jplay/schema/browse";
import { artistPath, genrePath } from "@jplay/schema/catalogue-paths";
import { formatIsrc } from "@jplay/schema/identifiers";
import type { CreditRole } from "@jplay/schema/release-metadata";
import { Spinner } from "@/components/ui/spinner";
import { buttonClass } from "@/components/ui/button";
import { useSongDetails } from "@/features/catalogue/api/browse";
import { LoadError, UnknownFacility } from "@/features/catalogue/components/catalogue-states";
import { isUnknownFacility } from "@/features/catalogue/facility";
import { LikeButton } from "@/features/likes";
import { SaveForLaterButton } from "@/features/wishlist";
import { hasErrorCode } from "@/lib/api-client";
import { coverSources } from "@/lib/cover-sources";
import { Link } from "@/lib/router/link";
import { Island } from "@/components/island";
import { SongPlayButton } from "@/features/catalogue/components/song-play-button";
import { useParams } from "@/lib/router/routes";
import { songArtist, songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";
import { ListenerScreen, usePlayerRow } from "../listener-screen";
// The player and the catalogue's reads come in Home's chunk, as the search screen's do (routes/search.tsx).
import "./home";

const ROLE_LABELS: Record<CreditRole, string> = {
  performer: /*i18n*/ "Performer",
  composer: /*i18n*/ "Composer",
  lyricist: /*i18n*/ "Lyricist",
  producer: /*i18n*/ "Producer",
  featured_artist: /*i18n*/ "Featured artist",
};

/** The cover is at most 20rem wide: half the screen on a tablet held upright, the whole width on a phone. */
const SONG_PAGE_COVER_SIZES = "(min-width: 768px) 320px, calc(100vw - 32px)";

/** The like and save toggles beside the play button. */
const BORDERED = "border border-line";

function SongDetails({ song }: { song: SongDetailsDto }) {
  const i18n = useI18n();
  const { currentSongId, playing, onToggle } = usePlayerRow();
  const title = songTitle(song, i18n);
  const isPlaying = currentSongId === song.id && playing;
  return (
    <>
      <article aria-labelledby="song-title" className="grid gap-6 md:grid-cols-[20rem_minmax(0,1fr)]">
        <img
          {...coverSources(song, SONG_PAGE_COVER_SIZES)}
          alt={i18n._("Cover of {title}", { title })}
          width={320}
          height={320}
          fetchPriority="high"
          className="aspect-square w-full max-w-80 rounded-2xl bg-surface-2 object-cover shadow-sm"
        />
        <div className="min-w-0 space-y-5">
          <div className="space-y-1">
            <h1 id="song-title" className="text-3xl font-extrabold tracking-tight break-words">
              {title}
            </h1>
            <p className="text-lg">
              <Link to={artistPath(song.artist)} className="inline-flex min-h-11 items-center font-semibold underline">
                {songArtist(song, i18n)}
              </Link>
            </p>
            {song.explicit && <p className="inline-block rounded border border-line px-1.5 text-xs font-bold tracking-wide uppercase">{i18n._("Explicit")}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Island name="song-play" props={{ songId: song.id }}>
              <SongPlayButton song={song} isPlaying={isPlaying} onToggle={onToggle} />
            </Island>
            <Island name="like" props={{ songId: song.id, className: BORDERED }}>
              <LikeButton song={song} className={BORDERED} />
            </Island>
            <Island name="save" props={{ songId: song.id, className: BORDERED }}>
              <SaveForLaterButton song={song} className={BORDERED} />
            </Island>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2">
            <dt className="text-muted">{i18n._("Genre")}</dt>
            <dd>
              <Link to={genrePath(song.genre)} className="inline-flex min-h-11 min-w-11 items-center underline">
                {song.genre}
              </Link>
            </dd>
            {song.isrc && (
              <>
                <dt className="text-muted">{i18n._("ISRC")}</dt>
                <dd className="font-mono break-all">{formatIsrc(song.isrc)}</dd>
              </>
            )}
          </dl>
          {song.credits.length > 0 && (
            <section aria-labelledby="credits-heading" className="space-y-2">
              <h2 id="credits-heading" className="text-xl font-bold">
                {i18n._("Credits")}
              </h2>
              <ul className="space-y-1">
                {song.credits.map((credit, index) => (
                  <li key={index} className="break-words">
                    <span className="font-medium">{credit.name}</span> <span className="text-muted">— {i18n._(ROLE_LABELS[credit.role])}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </article>
      {song.lyrics !== null && (
        <section aria-labelledby="lyrics-heading" className="max-w-prose space-y-3">
          <h2 id="lyrics-heading" className="text-2xl font-bold">
            {i18n._("Lyrics")}
          </h2>
          <p lang={song.lyricsLanguage} className="text-lg leading-relaxed break-words whitespace-pre-line">
            {song.lyrics}
          </p>
        </section>
      )}
    </>
  );
}

function SongPage({ songId }: { songId: string }) {
  const i18n = useI18n();
  const details = useSongDetails(songId);
  if (details.isPending) return <Spinner label={i18n._("Loading the song")} />;
  if (details.isError && isUnknownFacility(details.error)) return <UnknownFacility />;
  if (details.isError && hasErrorCode(details.error, "not_found")) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Song not found")}</h1>
        <p className="text-lg">{i18n._("This song is not in this tablet's catalogue.")}</p>
        <Link to="/browse" className={buttonClass("primary", "lg")}>
          {i18n._("Browse")}
        </Link>
      </div>
    );
  }
  if (details.isError)
    return <LoadError message={i18n._("The song could not be loaded. Check the connection and try again.")} onRetry={() => void details.refetch()} />;
  return <SongDetails song={details.data} />;
}

export function Component() {
  const i18n = useI18n();
  const songId = useParams().songId ?? "";
  const details = useSongDetails(songId);
  const title = details.data
    ? i18n._("{title} – {artist} – JPlay", { title: songTitle(details.data, i18n), artist: songArtist(details.data, i18n) })
    : i18n._("Song – JPlay");
  return (
    <ListenerScreen title={title}>
      <SongPage songId={songId} />
    </ListenerScreen>
  );
}
