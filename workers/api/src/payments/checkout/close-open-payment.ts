/**
 * Closes a song's open payment that waits on the browser (a card form or a 3-D Secure challenge the
 * artist left), so a new attempt — `complete` again, or a recovery offer — can claim the song. The
 * PaymentIntent is canceled in Stripe first, so the old client secret can never take money later;
 * if it already succeeded, that success is applied instead — unless it disagrees with the row
 * (payment-agreement.ts): then it is left for an operator and the row closed.
 */
import Stripe from "stripe";
import type { Ctx } from "../../platform/context";
import { applySucceededPayment, recordFailedPayment } from "./apply-payment";
import { intentAgreesWithPayment } from "./payment-agreement";
import { openPaymentOf } from "./song-payments";

export type CloseOutcome =
  /** Nothing open: a payment may be claimed. */
  | "none"
  /** The waiting payment was canceled and marked failed. */
  | "closed"
  /** The song is paid. */
  | "paid"
  /** A charge is running right now (claimed or processing): answer "in progress". */
  | "busy";

const WAITING_ON_BROWSER = ["requires_payment_method", "requires_action"];

export async function closeOpenPayment(ctx: Ctx, songId: string): Promise<CloseOutcome> {
  const open = await openPaymentOf(ctx, songId);
  if (!open) return "none";
  if (open.status === "succeeded") return "paid";
  if (!WAITING_ON_BROWSER.includes(open.status)) return "busy";
  if (open.stripePaymentIntentId) {
    try {
      // No key of ours: a key answered 500 would replay that 500 for a day, and canceling needs none
      // (Stripe refuses a second cancel, and that refusal is read below).
      await ctx.stripe.paymentIntents.cancel(open.stripePaymentIntentId, { cancellation_reason: "abandoned" });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      // Not cancelable: it succeeded meanwhile (apply it), or was canceled already.
      const intent = await ctx.stripe.paymentIntents.retrieve(open.stripePaymentIntentId);
      if (intent.status === "succeeded") {
        if (!(await intentAgreesWithPayment(ctx, open, intent, "closing an open payment"))) {
          await recordFailedPayment(ctx, open.id, { code: "payment_mismatch", message: "Stripe's payment does not match this payment; left for an operator." });
          return "closed";
        }
        await applySucceededPayment(ctx, open.id, "payment_intent.succeeded (found while closing)", intent.id);
        return "paid";
      }
      if (intent.status !== "canceled") throw error;
    }
  }
  await recordFailedPayment(ctx, open.id, { code: "abandoned", message: "Replaced by a newer payment attempt." });
  return "closed";
}
