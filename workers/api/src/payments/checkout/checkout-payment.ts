/**
 * `POST /api/create-payment-intent` (docs/product.md: /checkout, "One-off fee amount 9900 cents"): a card-form
 * PaymentIntent for the session artist's most recent song awaiting payment. The server charges its
 * own price (ONE_OFF_FEE_CENTS, paid as the standard package); a browser's amount is only compared
 * with it, never charged. Calling again while that card form is open returns the same intent, and
 * after a failed call the same payment row carries on.
 */
import { and, desc, eq } from "drizzle-orm";
import { formatMoney } from "@jplay/schema/language";
import { ONE_OFF_FEE_CENTS } from "@jplay/schema/pricing";
import { songs, type artists } from "@jplay/schema/tables";
import { AppError, badRequest, notFound } from "../../platform/errors";
import { createCardFormIntent } from "../cards/card-form-intent";
import type { Ctx } from "../../platform/context";
import { closeOpenPayment } from "./close-open-payment";
import { claimPayment, openPaymentOf, paymentById } from "./song-payments";

type Artist = typeof artists.$inferSelect;

export const CHECKOUT_MESSAGES = {
  /** Its values: `wrongAmountValues`. */
  wrongAmount: /*i18n*/ "The one-off distribution fee is {amount} ({cents} cents).",
  noSong: /*i18n*/ "You have no song awaiting payment. Submit a song for distribution first.",
  inProgress: /*i18n*/ "A payment for this song is already in progress",
} as const;

const wrongAmountValues = { amount: formatMoney(ONE_OFF_FEE_CENTS, "en"), cents: ONE_OFF_FEE_CENTS };

export async function createCheckoutPayment(ctx: Ctx, artist: Artist, requestedAmount: unknown): Promise<{ clientSecret: string; songId: string }> {
  if (requestedAmount !== undefined && requestedAmount !== ONE_OFF_FEE_CENTS) throw badRequest(CHECKOUT_MESSAGES.wrongAmount, wrongAmountValues);
  const { db, stripe } = ctx;
  const [song] = await db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .where(and(eq(songs.artistId, artist.id), eq(songs.status, "pending")))
    .orderBy(desc(songs.createdAt))
    .limit(1);
  if (!song) throw notFound(CHECKOUT_MESSAGES.noSong);

  const open = await openPaymentOf(ctx, song.id);
  if (open?.purpose === "checkout" && open.status === "requires_payment_method" && open.stripePaymentIntentId) {
    const intent = await stripe.paymentIntents.retrieve(open.stripePaymentIntentId);
    if (intent.status === "requires_payment_method" && intent.client_secret) return { clientSecret: intent.client_secret, songId: song.id };
  }
  // A checkout whose intent Stripe has not given us yet (an earlier call failed, or is running): the
  // same row carries on, so its key (or, after a 500, a lookup and the next key) makes one intent.
  if (open?.purpose === "checkout" && open.status === "claimed") {
    const clientSecret = await createCardFormIntent(ctx, open, artist.stripeCustomerId, `One-off distribution fee for "${song.title}"`);
    return { clientSecret, songId: song.id };
  }
  const closed = await closeOpenPayment(ctx, song.id);
  if (closed === "busy") throw new AppError(409, "payment_in_progress", CHECKOUT_MESSAGES.inProgress);
  if (closed === "paid") throw notFound(CHECKOUT_MESSAGES.noSong);

  const paymentId = await claimPayment(ctx, { artistId: artist.id, songId: song.id, purpose: "checkout", package: "standard", amountCents: ONE_OFF_FEE_CENTS });
  if (!paymentId) throw new AppError(409, "payment_in_progress", CHECKOUT_MESSAGES.inProgress);
  const clientSecret = await createCardFormIntent(
    ctx,
    (await paymentById(ctx, paymentId))!,
    artist.stripeCustomerId,
    `One-off distribution fee for "${song.title}"`,
  );
  return { clientSecret, songId: song.id };
}
