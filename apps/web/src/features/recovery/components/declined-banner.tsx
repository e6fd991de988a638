/** The top of the recovery screen (docs/product.md, Screens): the 'Payment Declined' banner, the song's title and artist. */
import type { SongDto } from "@jplay/schema/song";
import { songArtist, songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";
import { slots, withElements } from "@/lib/i18n/with-elements";

export function DeclinedBanner({ song }: { song: SongDto }) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="declined-heading" className="space-y-3 rounded-3xl border border-red-500/50 bg-red-500/10 p-6 sm:p-8">
      <p className="text-sm font-bold tracking-wide text-red-700 uppercase dark:text-red-400">{i18n._("Payment Declined")}</p>
      <h1 id="declined-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {songTitle(song, i18n)}
      </h1>
      <p className="text-lg">
        {withElements(i18n._("by {artist}", slots("artist")), { artist: <span className="font-semibold">{songArtist(song, i18n)}</span> })}
      </p>
      <p className="text-muted">{i18n._("Your payment did not go through, but your song can still reach listeners.")}</p>
    </section>
  );
}
