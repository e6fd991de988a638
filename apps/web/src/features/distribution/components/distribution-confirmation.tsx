/**
 * /confirmation's content (docs/product.md, Screens; Prices and limits): the success message, what happens next in 4
 * steps, the estimated earnings per 10 downloads (price × 0.9 × 10), the two ways on, and the
 * artist's private page when one was set up, with "Get paid" first while payouts are not set up
 * (docs/decisions/028-artist-journey.md).
 */
import { Link } from "@/lib/router/link";
import type { SongDto } from "@jplay/schema/song";
import { buttonClass } from "@/components/ui/button";
import { songArtist, songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { slots, withElements } from "@/lib/i18n/with-elements";
import { DOWNLOADS_IN_ESTIMATE, estimatedEarningsCents } from "@/features/payments";
import { MyArtistPageLink, MyGetPaid } from "@/features/me";

const NEXT_STEPS = [
  /*i18n*/ "Your payment is confirmed and your song is queued for processing.",
  /*i18n*/ "We prepare your track, title and cover for the provider's catalogue.",
  /*i18n*/ "Your song goes live on the tablets listeners use inside the facilities.",
  /*i18n*/ "You earn on every download, paid out daily or weekly to the debit card or bank account you add in payout setup with Stripe.",
] as const;

export function DistributionConfirmation({ song }: { song: SongDto }) {
  const i18n = useI18n();
  const price = Number.isFinite(song.price) ? song.price : 1.99;
  return (
    <div className="space-y-8">
      <section className="space-y-3 rounded-3xl border border-success/40 bg-success-soft p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{i18n._("Success! Your distribution is complete")}</h1>
        <p className="text-lg">
          {withElements(i18n._("{title} by {artist} is on its way to listeners.", slots("title", "artist")), {
            title: <span className="font-semibold">{songTitle(song, i18n)}</span>,
            artist: songArtist(song, i18n),
          })}
        </p>
        <p>
          <MyArtistPageLink className="font-semibold text-accent underline underline-offset-4">{i18n._("Your private artist page")}</MyArtistPageLink>
        </p>
      </section>

      <MyGetPaid />

      <section aria-labelledby="next-steps-heading" className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-8">
        <h2 id="next-steps-heading" className="text-xl font-bold">
          {i18n._("What happens next")}
        </h2>
        <ol aria-labelledby="next-steps-heading" className="space-y-3">
          {NEXT_STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-fg">
                {index + 1}
              </span>
              <span className="pt-0.5">{i18n._(step)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="earnings-heading" className="space-y-2 rounded-3xl border border-line bg-surface p-5 sm:p-8">
        <h2 id="earnings-heading" className="text-xl font-bold">
          {i18n._("Estimated earnings per {count} downloads", { count: DOWNLOADS_IN_ESTIMATE })}
        </h2>
        <p className="text-3xl font-extrabold">{formatMoney(estimatedEarningsCents(price), i18n.language)}</p>
        <p className="text-sm text-muted">
          {i18n._("{count} downloads at {price} each, 90% to you.", {
            count: DOWNLOADS_IN_ESTIMATE,
            price: formatMoney(Math.round(price * 100), i18n.language),
          })}
        </p>
      </section>

      <div className="flex flex-wrap gap-3">
        <Link to="/distribute" className={buttonClass("primary", "lg")}>
          {i18n._("Distribute Another Song")}
        </Link>
        <Link to="/#browse" className={buttonClass("secondary", "lg")}>
          {i18n._("Browse More Music")}
        </Link>
      </div>
    </div>
  );
}
