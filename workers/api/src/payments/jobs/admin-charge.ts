/**
 * The `admin.charge` job: charges one retry item off-session, at most once whatever the queue
 * redelivers. The item's payment row has the item's own id, so every delivery finds the same row
 * and the same Stripe idempotency key, or after a stored 500 looks up what that key made before
 * using the next (payments/cards/charge-saved-card.ts); the partial unique indexes on payments stop a
 * second open charge for the same song or a second initial charge. Card-network refusals and
 * `authentication_required` skip the item with their reason; declines fail it with the decline
 * code; Stripe outages are thrown so the queue tries again later.
 */
import Stripe from "stripe";
import type { Ctx } from "../../platform/context";
import { applySucceededPayment, recordFailedPayment } from "../checkout/apply-payment";
import { chargeSavedCard } from "../cards/charge-saved-card";
import { keepRefusalDeclineCode, reasonNotToCharge, retryItemToCharge, type RetryItemToCharge, settleRetryItems, skipRetryItem } from "../admin/retry-items";
import { songStatusOf } from "../../catalogue/index";
import { claimPayment, paymentById } from "../checkout/song-payments";
import type { PaymentStatus } from "@jplay/schema/tables";

/**
 * Claims the item's payment row (id = item id) and answers its status: `claimed` when this delivery
 * claimed it, the row's status when an earlier delivery did, or null when the unique indexes refused
 * it because another payment for the song, or another initial charge, is open or paid.
 */
async function claimItemPayment(ctx: Ctx, item: RetryItemToCharge): Promise<PaymentStatus | null> {
  const initial = item.songId === null;
  const claimed = await claimPayment(ctx, {
    id: item.id,
    retryItemId: item.id,
    artistId: item.artistId,
    songId: item.songId,
    purpose: initial ? "initial_charge" : "admin_retry",
    package: initial ? null : "recovery_2",
    amountCents: item.amountCents,
    paymentMethodId: item.paymentMethodId,
  });
  if (claimed) return "claimed";
  return (await paymentById(ctx, item.id))?.status ?? null;
}

async function charge(ctx: Ctx, item: RetryItemToCharge): Promise<void> {
  const { stripe } = ctx;
  try {
    const outcome = await chargeSavedCard(ctx, {
      paymentId: item.id,
      stripeCustomerId: item.stripeCustomerId!,
      stripePaymentMethodId: item.stripePaymentMethodId,
      fingerprint: item.fingerprint,
      amountCents: item.amountCents,
      offSession: true,
      description: item.songId === null ? "JPlay initial charge" : `JPlay distribution (admin retry): ${item.songTitle ?? item.songId}`,
      metadata: { retryItemId: item.id, batchId: item.batchId, ...(item.songId ? { songId: item.songId } : {}) },
    });
    switch (outcome.kind) {
      case "succeeded":
        await applySucceededPayment(ctx, item.id, "admin_retry", outcome.paymentIntentId);
        return;
      case "refused":
        // Keep the network's code on the payment, so the item and the details view say "stolen_card".
        if (outcome.refusal.reason === "hard_decline") {
          await keepRefusalDeclineCode(ctx, item.id, outcome.refusal.declineCode);
        }
        return;
      case "requires_action":
        // Off-session, Stripe answers authentication_required instead; should 3-D Secure be asked for
        // anyway, nobody is at the screen: cancel it and let the artist pay themselves.
        await stripe.paymentIntents.cancel(outcome.paymentIntentId).catch(() => undefined);
        await recordFailedPayment(ctx, item.id, {
          code: "authentication_required",
          declineCode: "authentication_required",
          message: "The card asks the cardholder to authenticate.",
          status: "skipped",
        });
        return;
      case "declined":
        return; // chargeSavedCard recorded it on the payment.
    }
  } catch (error) {
    // A request Stripe refuses as invalid (e.g. the card was detached) will not succeed on retry.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await recordFailedPayment(ctx, item.id, { code: error.code ?? "invalid_request", message: error.message });
      return;
    }
    throw error; // Stripe unreachable or failing: the queue retries (same key, or a lookup after a 500).
  }
}

export async function chargeRetryItem(ctx: Ctx, itemId: string): Promise<void> {
  const item = await retryItemToCharge(ctx, itemId);
  if (!item) throw new Error(`admin.charge: no retry item ${itemId}`);
  if (item.status !== "pending") return; // Settled by an earlier delivery.

  let paymentStatus = (await paymentById(ctx, item.id))?.status ?? null;
  if (paymentStatus === null) {
    if (!item.stripeCustomerId) return skipRetryItem(ctx, item.id, "failed", "no_customer");
    const reason = await reasonNotToCharge(ctx, item);
    if (reason) return skipRetryItem(ctx, item.id, "skipped", reason);
    paymentStatus = await claimItemPayment(ctx, item);
    if (paymentStatus === null) {
      // Lost a race: another open or paid payment holds the song (or the artist's initial charge), or
      // the song was removed for want of payment since the item was read.
      if (item.songId === null) return skipRetryItem(ctx, item.id, "skipped", "already_charged");
      const songStatus = await songStatusOf(ctx.db, item.songId);
      if (songStatus === "removed") return skipRetryItem(ctx, item.id, "skipped", "song_removed");
      return skipRetryItem(ctx, item.id, "skipped", songStatus === "approved" || songStatus === "distributed" ? "already_paid" : "payment_in_progress");
    }
  }

  if (paymentStatus === "claimed" || paymentStatus === "processing") await charge(ctx, item);
  else if (paymentStatus === "succeeded") await applySucceededPayment(ctx, item.id, "admin_retry");
  else if (paymentStatus === "requires_action") return skipRetryItem(ctx, item.id, "skipped", "authentication_required");

  await settleRetryItems(ctx.db, { itemId: item.id });
}
