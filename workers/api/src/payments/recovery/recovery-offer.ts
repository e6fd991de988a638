/**
 * `POST /api/distribute/{songId}/recovery` (docs/product.md, Screens; States and flows; Errors): after a declined payment the
 * artist accepts a discounted offer (tier 1 $20.49, tier 2 $10.49; RECOVERY_TIERS). Card-network
 * rules come first: a card that was hard-declined or is out of attempts is not charged — the artist
 * is asked for a new card. Otherwise the saved card is charged on-session at the tier's price; a
 * decline at tier 1 suggests tier 2, at tier 2 the card form takes a new card. An offer is a discount,
 * so it opens only after a real decline (payments/recovery/recorded-declines.ts), and only for whom the written
 * rules allow (payments/recovery/recovery-eligibility.ts: no fraud decline, one offer per artist and card in 90 days).
 */
import { RECOVERY_TIERS, type RecoveryTier } from "@jplay/schema/pricing";
import type { RecoveryNextTierResponse, RecoveryResponse } from "@jplay/schema/payments";
import type { artists } from "@jplay/schema/tables";
import { AppError, notFound } from "../../platform/errors";
import { applySucceededPayment } from "../checkout/apply-payment";
import { CARD_REFUSAL_MESSAGES, cardRefusal, isFraudDecline } from "../cards/card-rules";
import { createCardFormIntent } from "../cards/card-form-intent";
import { findOwnedSong } from "../../catalogue/index";
import { chargeSavedCard } from "../cards/charge-saved-card";
import type { Ctx } from "../../platform/context";
import { closeOpenPayment } from "../checkout/close-open-payment";
import { declineOpensTier } from "./recorded-declines";
import { RECOVERY_REFUSAL_MESSAGES, recoveryIneligibility, type RecoveryIneligibility } from "./recovery-eligibility";
import { reopenRefusedPayment } from "../checkout/reopen-payment";
import { claimPayment, openPaymentOf, paymentById, savedCardOf } from "../checkout/song-payments";

type Artist = typeof artists.$inferSelect;
export type RecoveryAnswer = { status: 200; body: RecoveryResponse } | { status: 402; body: RecoveryNextTierResponse };

export const RECOVERY_MESSAGES = {
  /** Tier 1 without a declined card payment for the song. */
  noDecline: /*i18n*/ "Recovery offers follow a declined card payment for this song. Please pay the distribution fee first.",
  /** Tier 2 without a declined payment of the special offer. */
  noSpecialOfferDecline: /*i18n*/ "The final offer follows a declined payment of the special offer. Please accept the special offer first.",
  inProgress: /*i18n*/ "A payment for this song is already in progress",
  nextTier: /*i18n*/ "We have a better offer for you that's likely to succeed!",
} as const;

const inProgress = () => new AppError(409, "payment_in_progress", RECOVERY_MESSAGES.inProgress);
const paidBefore: RecoveryAnswer = { status: 200, body: { success: true, alreadyProcessed: true } };

const refused = (reason: RecoveryIneligibility) => new AppError(409, "offer_unavailable", RECOVERY_REFUSAL_MESSAGES[reason]);

const offerUnavailable = (tier: RecoveryTier) =>
  new AppError(409, "offer_unavailable", tier === 1 ? RECOVERY_MESSAGES.noDecline : RECOVERY_MESSAGES.noSpecialOfferDecline);

export async function makeRecoveryOffer(ctx: Ctx, artist: Artist, songId: string, tier: RecoveryTier, now = ctx.now()): Promise<RecoveryAnswer> {
  const song = artist.stripeCustomerId ? await findOwnedSong(ctx, songId, artist.stripeCustomerId) : undefined;
  if (!song) throw notFound(/*i18n*/ "Song not found");
  if (song.status !== "pending") return paidBefore;
  if (!(await declineOpensTier(ctx, song.id, tier))) throw offerUnavailable(tier);
  const ineligible = await recoveryIneligibility(ctx, { artistId: artist.id, songId: song.id, tier }, now);
  if (ineligible) throw refused(ineligible);

  // The previous attempt's intent (a card form, a 3-D Secure challenge) is canceled: one open payment per song.
  const closed = await closeOpenPayment(ctx, song.id);
  if (closed === "paid") return paidBefore;
  if (closed === "busy") throw inProgress();

  const offer = RECOVERY_TIERS[tier];
  const description = `${offer.title} (recovery tier ${tier}) for "${song.title}"`;
  const card = await savedCardOf(ctx, artist.id);
  const claim = () =>
    claimPayment(
      ctx,
      { artistId: artist.id, songId: song.id, purpose: "recovery", package: offer.package, amountCents: offer.feeCents, paymentMethodId: card?.id ?? null },
      now,
    );

  /** The card form pays this offer (a new card); `paymentId` is a claimed row, or one is claimed. */
  const cardForm = async (message: string | undefined, paymentId?: string | null): Promise<RecoveryAnswer> => {
    const id = paymentId ?? (await claim());
    if (!id) {
      if ((await openPaymentOf(ctx, song.id))?.status === "succeeded") return paidBefore;
      throw inProgress();
    }
    const clientSecret = await createCardFormIntent(ctx, (await paymentById(ctx, id))!, artist.stripeCustomerId, description);
    return { status: 200, body: { clientSecret, success: false, requiresNewCard: true, ...(message ? { message } : {}) } };
  };

  const fingerprint = card ? (card.fingerprint ?? card.stripePaymentMethodId) : null;
  const refusal = fingerprint ? await cardRefusal(ctx, fingerprint, now) : null;
  if (!card || !artist.stripeCustomerId || refusal) return cardForm(refusal?.message);

  const paymentId = await claim();
  if (!paymentId) return cardForm(undefined, null);
  const outcome = await chargeSavedCard(ctx, {
    paymentId,
    stripeCustomerId: artist.stripeCustomerId,
    stripePaymentMethodId: card.stripePaymentMethodId,
    fingerprint: card.fingerprint,
    amountCents: offer.feeCents,
    offSession: false,
    description,
    metadata: { songId: song.id, purpose: "recovery" },
  });
  switch (outcome.kind) {
    case "succeeded":
      await applySucceededPayment(ctx, paymentId, `recovery tier ${tier}: saved card charged`, outcome.paymentIntentId);
      return { status: 200, body: { success: true } };
    case "requires_action":
      return { status: 200, body: { clientSecret: outcome.clientSecret, success: false, requiresAction: true } };
    case "refused":
      return cardForm(outcome.refusal.message, (await reopenRefusedPayment(ctx, paymentId)) ? paymentId : null);
    case "declined":
      // A fraud decline ends the discount; after another hard decline the card is never tried again:
      // this same offer, with a new card.
      if (isFraudDecline(outcome.declineCode)) throw refused("fraud_decline");
      if (outcome.hard) return cardForm(CARD_REFUSAL_MESSAGES.hard_decline);
      // The final offer follows when this decline opens it (docs/decisions/059); else this offer, with a new card.
      if (tier === 1 && !(await recoveryIneligibility(ctx, { artistId: artist.id, songId: song.id, tier: 2 }, now))) {
        return { status: 402, body: { suggestNextTier: true, nextTier: 2, message: RECOVERY_MESSAGES.nextTier } };
      }
      return cardForm(outcome.message);
  }
}
