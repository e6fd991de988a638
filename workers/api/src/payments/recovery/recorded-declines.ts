/**
 * Whether a song's card payment was really declined, the one thing that opens a recovery discount:
 * tier 1 needs a declined charge attempt on the song's distribution or checkout payment, tier 2 one
 * on its special-offer (tier 1) payment. Attempts are read from `card_attempts` (every charge the
 * server made, and every browser-side charge Stripe reported), never from a payment that merely did
 * not succeed: an abandoned card form or an open PaymentIntent no card was tried on unlocks nothing.
 *
 * The browser may learn of a decline before its webhook reaches us; then the song's open intent is
 * asked of Stripe and its failure recorded exactly as the webhook would record it.
 */
import { sql } from "drizzle-orm";
import type { RecoveryTier } from "@jplay/schema/pricing";
import type { Ctx } from "../../platform/context";
import { onPaymentIntentFailed } from "../webhooks/payment-events";
import { type PaymentRow, openPaymentOf } from "../checkout/song-payments";

/** Which payment's decline opens the tier (SQL over a `payments` row aliased `p`), also read by recovery-eligibility.ts and the admin's list. */
export const STAGE = {
  1: { rows: sql`p.purpose in ('distribution', 'checkout')`, matches: (p: PaymentRow) => p.purpose === "distribution" || p.purpose === "checkout" },
  2: { rows: sql`p.package = 'recovery_1'`, matches: (p: PaymentRow) => p.package === "recovery_1" },
} as const;

const WAITING_ON_BROWSER: readonly string[] = ["requires_payment_method", "requires_action"];

async function hasRecordedDecline(ctx: Ctx, songId: string, tier: RecoveryTier): Promise<boolean> {
  const found = await ctx.db.run(sql`
    select 1 from card_attempts a join payments p on p.id = a.payment_id
    where p.song_id = ${songId} and ${STAGE[tier].rows} and a.outcome = 'declined'
    limit 1`);
  return found.results.length > 0;
}

/** Records the failure of the song's open intent, if Stripe says it has one the webhook has not told yet. */
async function learnDeclineFromStripe(ctx: Ctx, songId: string, tier: RecoveryTier): Promise<void> {
  const open = await openPaymentOf(ctx, songId);
  if (!open?.stripePaymentIntentId || !WAITING_ON_BROWSER.includes(open.status) || !STAGE[tier].matches(open)) return;
  const intent = await ctx.stripe.paymentIntents.retrieve(open.stripePaymentIntentId);
  if (intent.status === "requires_payment_method" && intent.last_payment_error) await onPaymentIntentFailed(ctx, intent);
}

/** True when a card was declined at the step before this tier (see the module comment). */
export async function declineOpensTier(ctx: Ctx, songId: string, tier: RecoveryTier): Promise<boolean> {
  if (await hasRecordedDecline(ctx, songId, tier)) return true;
  await learnDeclineFromStripe(ctx, songId, tier);
  return hasRecordedDecline(ctx, songId, tier);
}
