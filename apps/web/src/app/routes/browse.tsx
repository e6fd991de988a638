/**
 * `/browse`: the way into the whole catalogue — "All songs" newest first, and every genre that has
 * songs in this tablet's catalogue, with how many (features/catalogue/api/browse.ts).
 */
import { Spinner } from "@/components/ui/spinner";
import { useGenres } from "@/features/catalogue/api/browse";
import { LoadError, UnknownFacility } from "@/features/catalogue/components/catalogue-states";
import { isUnknownFacility } from "@/features/catalogue/facility";
import { Link } from "@/lib/router/link";
import { useI18n } from "@/lib/i18n";
import { ListenerScreen } from "../listener-screen";
// The player and the catalogue's reads come in Home's chunk, as the search screen's do (routes/search.tsx).
import "./home";

const tileClass = "flex min-h-16 flex-col justify-center rounded-xl border border-line bg-surface px-4 py-3 font-semibold hover:bg-surface-2";

function Genres() {
  const i18n = useI18n();
  const genres = useGenres();
  if (genres.isPending) return <Spinner label={i18n._("Loading genres")} />;
  if (genres.isError && isUnknownFacility(genres.error)) return <UnknownFacility />;
  if (genres.isError)
    return <LoadError message={i18n._("Genres could not be loaded. Check the connection and try again.")} onRetry={() => void genres.refetch()} />;
  if (genres.data.length === 0) return <p className="text-lg">{i18n._("No songs here yet.")}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {genres.data.map(({ genre, slug, songCount }) => (
        <li key={slug}>
          <Link to={`/genres/${slug}`} className={tileClass}>
            <span>{genre}</span>
            <span className="text-sm font-normal text-muted">{songCount === 1 ? i18n._("1 song") : i18n._("{count} songs", { count: songCount })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const i18n = useI18n();
  return (
    <ListenerScreen title={i18n._("Browse – JPlay")}>
      <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Browse")}</h1>
      <Link to="/songs" className={tileClass}>
        <span className="text-lg">{i18n._("All songs")}</span>
        <span className="text-sm font-normal text-muted">{i18n._("Every song, newest first")}</span>
      </Link>
      <section aria-labelledby="genres-heading" className="space-y-4">
        <h2 id="genres-heading" className="text-xl font-bold sm:text-2xl">
          {i18n._("Genres")}
        </h2>
        <Genres />
      </section>
    </ListenerScreen>
  );
}
