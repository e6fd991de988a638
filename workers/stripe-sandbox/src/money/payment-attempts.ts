/**
 * One attempt to pay with a PaymentIntent: confirm (on- or off-session), the issuer's verdict
 * (succeeded with its Charge, requires_action for 3-D Secure, or a decline at requires_payment_method
 * with Stripe's 402), and the cardholder's 3-D Secure answer. https://docs.stripe.com/payments/paymentintents/lifecycle
 */
import type Stripe from "stripe";
import { AUTHENTICATION_REQUIRED, CardValidationError, type Outcome, paymentOutcome } from "./cards";
import { settleInvoiceOf } from "../billing/billing";
import { recordCharge } from "./charges";
import { openDispute, warnOfFraud } from "./disputes";
import type { SandboxCall } from "../http/sandbox-call";
import { type CardFailure, StripeApiError, cardError, cardErrorBody, docUrl, invalidRequest, unexpectedState } from "../http/errors";
import { threeDSecureAction } from "./intents";
import type { PaymentIntent } from "./payment-intent-object";
import { type CardVault, type PaymentMethod, attachToCustomer, customerOf, loadPaymentMethod, loadVault, paymentMethodForIntent } from "./payment-methods";

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation"];

const idOf = (value: string | { id: string } | null): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** `off_session=true|one_off|recurring` all mean the cardholder is not there. */
export function readOffSession(call: SandboxCall): boolean | undefined {
  const value = call.params.string("off_session");
  if (value === undefined) return undefined;
  if (["true", "one_off", "recurring"].includes(value)) return true;
  if (value === "false") return false;
  throw invalidRequest(`Invalid off_session: must be a boolean, one_off or recurring`, { param: "off_session" });
}

/** Applies what confirm-time parameters change on the intent itself. */
export function withConfirmParams(call: SandboxCall, intent: PaymentIntent): PaymentIntent {
  const p = call.params;
  const next = { ...intent };
  const sfu = p.string("setup_future_usage");
  if (sfu !== undefined) {
    if (sfu !== "" && sfu !== "off_session" && sfu !== "on_session") throw invalidRequest("Invalid setup_future_usage", { param: "setup_future_usage" });
    next.setup_future_usage = sfu === "" ? null : sfu;
  }
  const receipt = p.string("receipt_email");
  if (receipt !== undefined) next.receipt_email = receipt || null;
  const capture = p.string("capture_method");
  if (capture !== undefined && capture !== "automatic" && capture !== "automatic_async") {
    throw invalidRequest("The Stripe sandbox supports only capture_method=automatic and automatic_async.", { param: "capture_method" });
  }
  if (capture) next.capture_method = capture;
  return next;
}

function chargedIntent(intent: PaymentIntent) {
  return {
    id: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    customer: idOf(intent.customer),
    description: intent.description,
    metadata: intent.metadata,
    receipt_email: intent.receipt_email,
    statement_descriptor: intent.statement_descriptor,
    statement_descriptor_suffix: intent.statement_descriptor_suffix,
  };
}

/** Records a failed attempt (a charge when the card reached the issuer) and returns the card error. */
function failPayment(
  call: SandboxCall,
  intent: PaymentIntent,
  failure: CardFailure,
  method: PaymentMethod | null,
  blocked = false,
): { intent: PaymentIntent; error: StripeApiError } {
  const charge = method ? recordCharge(call, chargedIntent(intent), method, { status: "failed", failure, blocked }) : null;
  const lastError: Stripe.PaymentIntent.LastPaymentError = {
    ...cardErrorBody(failure),
    ...(charge ? { charge: charge.id } : {}),
    ...(method ? { payment_method: method, payment_method_type: "card" } : {}),
  };
  const failed: PaymentIntent = {
    ...intent,
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_payment_error: lastError,
    latest_charge: charge?.id ?? intent.latest_charge,
  };
  call.store.put(failed);
  call.emit("payment_intent.payment_failed", failed);
  const extra = { payment_intent: failed, ...(charge ? { charge: charge.id } : {}), ...(method ? { payment_method: method } : {}) };
  return { intent: failed, error: cardError(failure, extra) };
}

export type Settled = { intent: PaymentIntent; error?: StripeApiError };

/** Applies the issuer's verdict, then to the invoice the intent pays, if any (billing.ts). */
async function settlePayment(call: SandboxCall, intent: PaymentIntent, method: PaymentMethod, vault: CardVault, outcome: Outcome): Promise<Settled> {
  const settled = await applyVerdict(call, intent, method, vault, outcome);
  await settleInvoiceOf(call, settled.intent);
  return settled;
}

/** Applies the issuer's verdict to the intent: succeeded (with its charge), requires_action, or failed. */
async function applyVerdict(call: SandboxCall, intent: PaymentIntent, method: PaymentMethod, vault: CardVault, outcome: Outcome): Promise<Settled> {
  if (outcome.kind === "decline") return failPayment(call, intent, outcome.failure, method, outcome.blocked);
  if (outcome.kind === "requires_action") {
    const pending: PaymentIntent = {
      ...intent,
      status: "requires_action",
      payment_method: method.id,
      next_action: threeDSecureAction("payment_intents", intent.id),
      last_payment_error: null,
    };
    call.store.put(pending);
    call.emit("payment_intent.requires_action", pending);
    return { intent: pending };
  }
  const bypassPending = vault.behaviour.kind === "succeed" && vault.behaviour.bypassPending === true;
  const charge = recordCharge(call, chargedIntent(intent), method, { status: "succeeded", bypassPending });
  const customer = idOf(intent.customer);
  if (intent.setup_future_usage && customer) {
    // Saving the card while paying, as Stripe does with setup_future_usage.
    if (customerOf(method) !== customer) attachToCustomer(call, method, customer);
    if (intent.setup_future_usage === "off_session") call.store.put({ ...vault, set_up_for_off_session: true });
  }
  const succeeded: PaymentIntent = {
    ...intent,
    status: "succeeded",
    amount_received: intent.amount,
    latest_charge: charge.id,
    payment_method: method.id,
    next_action: null,
    last_payment_error: null,
  };
  call.store.put(succeeded);
  call.emit("payment_intent.succeeded", succeeded);
  // The dispute test cards: the charge is disputed (or warned about) right after it succeeds.
  if (vault.behaviour.kind === "succeed" && vault.behaviour.dispute) openDispute(call, charge, vault.behaviour.dispute);
  if (vault.behaviour.kind === "succeed" && vault.behaviour.earlyFraudWarning) warnOfFraud(call, charge);
  return { intent: succeeded };
}

/**
 * Confirms the intent with its card. `byBilling`: Billing itself pays an invoice off-session (a
 * renewal, a retry): a card that needs 3-D Secure then leaves the intent `requires_action` for the
 * customer to complete, where a merchant's own off-session confirm is declined `authentication_required`
 * (https://docs.stripe.com/billing/subscriptions/webhooks).
 */
export async function confirmPayment(call: SandboxCall, current: PaymentIntent, offSession: boolean, byBilling = false): Promise<Settled> {
  if (!CONFIRMABLE.includes(current.status)) {
    throw unexpectedState(
      "payment_intent",
      current.status === "succeeded"
        ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
        : `You cannot confirm this PaymentIntent because it has a status of ${current.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
    );
  }
  const intent = withConfirmParams(call, current);
  let method: PaymentMethod | null;
  try {
    method = await paymentMethodForIntent(call, { customer: intent.customer, payment_method: intent.payment_method });
  } catch (error) {
    if (error instanceof CardValidationError) return failPayment(call, intent, error.failure, null);
    throw error;
  }
  if (!method) {
    throw unexpectedState(
      "payment_intent",
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method attached to its customer.",
    );
  }
  const vault = await loadVault(call, method.id);
  let outcome = paymentOutcome(vault.behaviour, { offSession, setUpForOffSession: vault.set_up_for_off_session, authenticated: false });
  if (outcome.kind === "requires_action" && call.params.boolean("error_on_requires_action")) {
    outcome = { kind: "decline", failure: AUTHENTICATION_REQUIRED, blocked: false };
  }
  if (byBilling && outcome.kind === "decline" && outcome.failure === AUTHENTICATION_REQUIRED) outcome = { kind: "requires_action" };
  return settlePayment(call, intent, method, vault, outcome);
}

/** A confirm's answer: the intent, or the 402 card error (after its state was recorded). */
export function answer(settled: Settled): PaymentIntent {
  if (settled.error) throw settled.error;
  return settled.intent;
}

/** The cardholder's answer to the 3-D Secure challenge; the intent is answered either way. */
export async function authenticatePayment(call: SandboxCall, intent: PaymentIntent, outcome: "complete" | "fail"): Promise<PaymentIntent> {
  if (intent.status !== "requires_action") {
    throw unexpectedState("payment_intent", `You cannot authenticate this PaymentIntent because it has a status of ${intent.status}.`);
  }
  const method = await loadPaymentMethod(call, idOf(intent.payment_method)!);
  const vault = await loadVault(call, method.id);
  if (outcome === "complete") {
    const verdict = paymentOutcome(vault.behaviour, { offSession: false, setUpForOffSession: vault.set_up_for_off_session, authenticated: true });
    // The bank's page answers with the intent either way; a decline is on last_payment_error.
    return (await settlePayment(call, intent, method, vault, verdict)).intent;
  }
  const failed: PaymentIntent = {
    ...intent,
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_payment_error: {
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      doc_url: docUrl("payment_intent_authentication_failure"),
      message:
        "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
      payment_method: method,
      payment_method_type: "card",
    },
  };
  call.store.put(failed);
  call.emit("payment_intent.payment_failed", failed);
  await settleInvoiceOf(call, failed);
  return failed;
}
