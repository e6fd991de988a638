/** The top of the recovery screen (docs/product.md, Screens): the 'Payment Declined' banner, the song's title and artist. */
import type { SongDto } from "@jplay/schema/song";
import { songArtist, songTitle } from "@/lib/song-labels";

export function DeclinedBanner({ song }: { song: SongDto }) {
  return (
    <section aria-labelledby="declined-heading" className="space-y-3 rounded-3xl border border-red-500/50 bg-red-500/10 p-6 sm:p-8">
      <p className="text-sm font-bold tracking-wide text-red-700 uppercase dark:text-red-400">Payment Declined</p>
      <h1 id="declined-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {songTitle(song)}
      </h1>
      <p className="text-lg">
        by <span className="font-semibold">{songArtist(song)}</span>
      </p>
      <p className="text-muted">Your payment did not go through, but your song can still reach listeners.</p>
    </section>
  );
}
