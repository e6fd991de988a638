/**
 * One attempt to save a card with a SetupIntent: confirm verifies the card with the issuer, which
 * succeeds (the PaymentMethod is attached, and trusted off-session for usage=off_session), asks for
 * 3-D Secure, or declines with Stripe's 402. https://docs.stripe.com/payments/setupintents/lifecycle
 */
import type Stripe from "stripe";
import { type CardBehaviour, CardValidationError, type Outcome, setupOutcome } from "./cards";
import type { SandboxCall } from "../http/sandbox-call";
import { type CardFailure, StripeApiError, cardError, cardErrorBody, docUrl, unexpectedState } from "../http/errors";
import { threeDSecureAction } from "./intents";
import { type PaymentMethod, attachToCustomer, customerOf, loadPaymentMethod, loadVault, paymentMethodForIntent } from "./payment-methods";

export type SetupIntent = Stripe.SetupIntent;

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation"];

const idOf = (value: string | { id: string } | null): string | null => (typeof value === "string" ? value : (value?.id ?? null));

function failSetup(call: SandboxCall, intent: SetupIntent, failure: CardFailure, method: PaymentMethod | null): StripeApiError {
  const failed: SetupIntent = {
    ...intent,
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_setup_error: { ...cardErrorBody(failure), ...(method ? { payment_method: method } : {}) },
  };
  call.store.put(failed);
  call.emit("setup_intent.setup_failed", failed);
  return cardError(failure, { setup_intent: failed, ...(method ? { payment_method: method } : {}) });
}

/** Applies the issuer's verdict on the card to the intent. Throws the card error on a decline. */
async function settleSetup(call: SandboxCall, intent: SetupIntent, method: PaymentMethod, outcome: Outcome): Promise<SetupIntent> {
  if (outcome.kind === "decline") throw failSetup(call, intent, outcome.failure, method);
  if (outcome.kind === "requires_action") {
    const pending: SetupIntent = {
      ...intent,
      status: "requires_action",
      payment_method: method.id,
      next_action: threeDSecureAction("setup_intents", intent.id),
      last_setup_error: null,
    };
    call.store.put(pending);
    call.emit("setup_intent.requires_action", pending);
    return pending;
  }
  const customer = idOf(intent.customer);
  if (customer && customerOf(method) !== customer) attachToCustomer(call, method, customer);
  if (intent.usage === "off_session") {
    const vault = await loadVault(call, method.id);
    call.store.put({ ...vault, set_up_for_off_session: true });
  }
  const succeeded: SetupIntent = { ...intent, status: "succeeded", payment_method: method.id, next_action: null, last_setup_error: null };
  call.store.put(succeeded);
  call.emit("setup_intent.succeeded", succeeded);
  return succeeded;
}

export async function confirmSetup(call: SandboxCall, intent: SetupIntent): Promise<SetupIntent> {
  if (!CONFIRMABLE.includes(intent.status)) {
    throw unexpectedState(
      "setup_intent",
      intent.status === "succeeded"
        ? "You cannot confirm this SetupIntent because it has already succeeded."
        : `You cannot confirm this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation.`,
    );
  }
  let method: PaymentMethod | null;
  try {
    method = await paymentMethodForIntent(call, { customer: intent.customer, payment_method: intent.payment_method });
  } catch (error) {
    if (error instanceof CardValidationError) throw failSetup(call, intent, error.failure, null);
    throw error;
  }
  if (!method) {
    throw unexpectedState(
      "setup_intent",
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
    );
  }
  const behaviour: CardBehaviour = (await loadVault(call, method.id)).behaviour;
  return settleSetup(call, intent, method, setupOutcome(behaviour, false));
}

/** The cardholder's answer to the 3-D Secure challenge; the intent is answered either way. */
export async function authenticateSetup(call: SandboxCall, intent: SetupIntent, outcome: "complete" | "fail"): Promise<SetupIntent> {
  if (intent.status !== "requires_action") {
    throw unexpectedState("setup_intent", `You cannot authenticate this SetupIntent because it has a status of ${intent.status}.`);
  }
  const method = await loadPaymentMethod(call, idOf(intent.payment_method)!);
  if (outcome === "complete") {
    return settleSetup(call, intent, method, setupOutcome((await loadVault(call, method.id)).behaviour, true));
  }
  const failed: SetupIntent = {
    ...intent,
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_setup_error: {
      type: "invalid_request_error",
      code: "setup_intent_authentication_failure",
      doc_url: docUrl("setup_intent_authentication_failure"),
      message: "The latest attempt to set up the payment method has failed because authentication failed.",
      payment_method: method,
    },
  };
  call.store.put(failed);
  call.emit("setup_intent.setup_failed", failed);
  return failed;
}
