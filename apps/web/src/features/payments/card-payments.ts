/**
 * The one browser-side face of card payments. Screens confirm setups and payments through it and
 * never learn whether Stripe.js or the local Stripe sandbox (docs/architecture.md, Stripe through its SDK, a sandbox beside the product) did the work.
 */
import type { Translator } from "@/lib/i18n";

export type CardResult =
  | { status: "succeeded"; paymentMethodId: string }
  /**
   * `message` is the provider's words when it gave any; each screen supplies its own fallback.
   * `incomplete` marks input the form refused before asking the provider (nothing was charged or
   * declined), so a screen can let the artist fix it instead of treating it as a decline.
   * `intentClosed` says the intent can no longer be confirmed (e.g. a SetupIntent the server
   * canceled after repeated declines): the next try needs a new one.
   */
  | { status: "failed"; message?: string; incomplete?: true; intentClosed?: true };

/** Stripe's error codes for an intent that can no longer be confirmed. */
export const isIntentClosedCode = (code: string | undefined) => code === "setup_intent_unexpected_state" || code === "payment_intent_unexpected_state";

export interface ConfirmPaymentOptions {
  /** Pay with a card saved earlier instead of the one typed into the form. */
  paymentMethodId?: string;
}

export interface CardPayments {
  /** Confirms a SetupIntent (saving the card), running 3-D Secure when the bank asks for it. */
  confirmSetup(clientSecret: string): Promise<CardResult>;
  /** Confirms a PaymentIntent, running 3-D Secure when the bank asks for it. */
  confirmPayment(clientSecret: string, options?: ConfirmPaymentOptions): Promise<CardResult>;
  /**
   * Finishes a PaymentIntent the server already confirmed with the saved card and that now waits
   * for 3-D Secure (`requires_action`): only the bank's challenge runs, no card is typed.
   */
  authenticatePayment(clientSecret: string): Promise<CardResult>;
}

/** The result for an intent the provider reports back: a payment method when it succeeded. */
export function resultFromIntent(
  i18n: Translator,
  provider: string,
  status: string,
  paymentMethod: string | { id: string } | null | undefined,
  lastError: { message?: string | undefined } | null | undefined,
): CardResult {
  if (status === "succeeded") {
    const id = typeof paymentMethod === "string" ? paymentMethod : paymentMethod?.id;
    return id
      ? { status: "succeeded", paymentMethodId: id }
      : { status: "failed", message: i18n._("No payment method returned from {provider}", { provider }) };
  }
  return lastError?.message ? { status: "failed", message: lastError.message } : { status: "failed" };
}
