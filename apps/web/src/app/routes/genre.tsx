/** `/genres/{slug}`: one genre's songs in this tablet's catalogue, newest first, a page at a time (`?after=`). */
import { genreOfSlug, genrePath } from "@jplay/schema/browse";
import type { Genre } from "@jplay/schema/release-metadata";
import { PagedSongs } from "@/features/catalogue/components/paged-songs";
import { Link } from "@/lib/router/link";
import { useParams } from "@/lib/router/routes";
import { useSearchParams } from "@/lib/router/location";
import { useI18n } from "@/lib/i18n";
import { ListenerScreen, usePlayerRow } from "../listener-screen";
// The player and the catalogue's reads come in Home's chunk, as the search screen's do (routes/search.tsx).
import "./home";

function Songs({ genre, after }: { genre: Genre; after: string | null }) {
  const i18n = useI18n();
  const path = genrePath(genre);
  return <PagedSongs title={i18n._("Newest first")} genre={path.slice("/genres/".length)} after={after} path={path} player={usePlayerRow()} />;
}

export function Component() {
  const i18n = useI18n();
  const genre = genreOfSlug(useParams().genre ?? "");
  const after = useSearchParams().get("after") || null;
  return (
    <ListenerScreen title={genre ? i18n._("{genre} – Browse – JPlay", { genre }) : i18n._("Genre not found – JPlay")}>
      <p>
        <Link to="/browse" className="text-sm font-medium text-muted underline hover:text-fg">
          {i18n._("Browse")}
        </Link>
      </p>
      {genre ? (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">{genre}</h1>
          <Songs genre={genre} after={after} />
        </>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Genre not found")}</h1>
          <p className="text-lg">{i18n._("JPlay has no genre at this address.")}</p>
        </>
      )}
    </ListenerScreen>
  );
}
