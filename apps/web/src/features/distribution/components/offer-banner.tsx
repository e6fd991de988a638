/** The top of the offer screen (docs/product.md, Screens): the 'Congratulations' banner with the song's title and artist. */
import type { SongDto } from "@jplay/schema/song";
import { songArtist, songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";
import { slots, withElements } from "@/lib/i18n/with-elements";

export function OfferBanner({ song }: { song: SongDto }) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="offer-heading" className="space-y-3 rounded-3xl border border-success/40 bg-success-soft p-6 sm:p-8">
      <p className="text-sm font-bold tracking-wide text-success uppercase">{i18n._("Congratulations!")}</p>
      <h1 id="offer-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {songTitle(song, i18n)}
      </h1>
      <p className="text-lg">
        {withElements(i18n._("by {artist}", slots("artist")), { artist: <span className="font-semibold">{songArtist(song, i18n)}</span> })}
      </p>
      <p className="text-muted">{i18n._("Your song is ready for distribution. Choose a package below to complete it.")}</p>
    </section>
  );
}
