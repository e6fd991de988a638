/** `/songs`: every song of this tablet's catalogue, newest first, a page at a time (`?after=`). */
import { PagedSongs } from "@/features/catalogue/components/paged-songs";
import { Link } from "@/lib/router/link";
import { useSearchParams } from "@/lib/router/location";
import { useI18n } from "@/lib/i18n";
import { ListenerScreen, usePlayerRow } from "../listener-screen";
// The player and the catalogue's reads come in Home's chunk, as the search screen's do (routes/search.tsx).
import "./home";

function Songs({ after }: { after: string | null }) {
  const i18n = useI18n();
  return <PagedSongs title={i18n._("Newest first")} genre={null} after={after} path="/songs" player={usePlayerRow()} />;
}

export function Component() {
  const i18n = useI18n();
  const after = useSearchParams().get("after") || null;
  return (
    <ListenerScreen title={i18n._("All songs – JPlay")}>
      <p>
        <Link to="/browse" className="text-sm font-medium text-muted underline hover:text-fg">
          {i18n._("Browse")}
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("All songs")}</h1>
      <Songs after={after} />
    </ListenerScreen>
  );
}
