/**
 * /confirmation's content (docs/product.md, Screens; Prices and limits): the success message, what happens next in 4
 * steps, the estimated earnings per 10 downloads (price × 0.9 × 10), the two ways on, and the
 * artist's private page when one was set up, with "Get paid" first while payouts are not set up
 * (docs/decisions/028-artist-journey.md).
 */
import { Link } from "@/lib/router/link";
import type { SongDto } from "@jplay/schema/song";
import { formatCents } from "@jplay/schema/pricing";
import { buttonClass } from "@/components/ui/button";
import { songArtist, songTitle } from "@/lib/song-labels";
import { DOWNLOADS_IN_ESTIMATE, estimatedEarningsCents } from "@/features/payments";
import { MyArtistPageLink, MyGetPaid } from "@/features/me";

const NEXT_STEPS = [
  "Your payment is confirmed and your song is queued for processing.",
  "We prepare your track, title and cover for the provider's catalogue.",
  "Your song goes live on the tablets listeners use inside the facilities.",
  "You earn on every download, paid out daily or weekly to the debit card or bank account you add in payout setup with Stripe.",
] as const;

export function DistributionConfirmation({ song }: { song: SongDto }) {
  const price = Number.isFinite(song.price) ? song.price : 1.99;
  return (
    <div className="space-y-8">
      <section className="space-y-3 rounded-3xl border border-success/40 bg-success-soft p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Success! Your distribution is complete</h1>
        <p className="text-lg">
          <span className="font-semibold">{songTitle(song)}</span> by {songArtist(song)} is on its way to listeners.
        </p>
        <p>
          <MyArtistPageLink className="font-semibold text-accent underline underline-offset-4">Your private artist page</MyArtistPageLink>
        </p>
      </section>

      <MyGetPaid />

      <section aria-labelledby="next-steps-heading" className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-8">
        <h2 id="next-steps-heading" className="text-xl font-bold">
          What happens next
        </h2>
        <ol aria-labelledby="next-steps-heading" className="space-y-3">
          {NEXT_STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-fg">
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="earnings-heading" className="space-y-2 rounded-3xl border border-line bg-surface p-5 sm:p-8">
        <h2 id="earnings-heading" className="text-xl font-bold">
          Estimated earnings per {DOWNLOADS_IN_ESTIMATE} downloads
        </h2>
        <p className="text-3xl font-extrabold">{formatCents(estimatedEarningsCents(price))}</p>
        <p className="text-sm text-muted">
          {DOWNLOADS_IN_ESTIMATE} downloads at {formatCents(Math.round(price * 100))} each, 90% to you.
        </p>
      </section>

      <div className="flex flex-wrap gap-3">
        <Link to="/distribute" className={buttonClass("primary", "lg")}>
          Distribute Another Song
        </Link>
        <Link to="/#browse" className={buttonClass("secondary", "lg")}>
          Browse More Music
        </Link>
      </div>
    </div>
  );
}
