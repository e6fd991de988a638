/**
 * "Your songs" on /distribute (docs/decisions/028-artist-journey.md): the songs this browser's artist
 * already uploaded, each with its status, and "Pay now" for an unpaid one, back to its offer screen
 * (/approval/{id}). Nothing shows for a browser without an artist or with no songs yet.
 */
import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { songStatusLabel } from "@/features/artist";
import { useMe } from "../api/get-me";
import { MyArtistPageLink } from "./my-artist-page-link";

export function YourSongs() {
  const i18n = useI18n();
  const me = useMe();
  const songs = me.data?.artist?.songs ?? [];
  if (songs.length === 0) return null;
  return (
    <section aria-labelledby="your-songs-heading" className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="your-songs-heading" className="text-xl font-bold">
          {i18n._("Your songs")}
        </h2>
        <MyArtistPageLink className="text-sm font-semibold text-accent underline underline-offset-4">{i18n._("Your private artist page")}</MyArtistPageLink>
      </div>
      <ul className="divide-y divide-line" aria-labelledby="your-songs-heading">
        {songs.map((song) => (
          <li key={song.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{song.title}</p>
              <p className="text-sm text-muted">{song.paid ? songStatusLabel(song.status, i18n) : i18n._("Not paid yet")}</p>
            </div>
            {!song.paid && song.status === "pending" && (
              <Link
                to={`/approval/${encodeURIComponent(song.id)}`}
                className={buttonClass("primary", "sm")}
                aria-label={i18n._("Pay now for {title}", { title: song.title })}
              >
                {i18n._("Pay now")}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
