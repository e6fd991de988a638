/**
 * What SetupIntents and PaymentIntents share: loading one for a caller (a browser must present
 * the client secret), the 3-D Secure `next_action`, and the parameters both confirm endpoints take.
 */
import type Stripe from "stripe";
import { BROWSER_BASE_PATH } from "../http/paths";
import { requireClientSecret } from "../http/auth";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest } from "../http/errors";
import { randomToken } from "../store/ids";
import type { StoredObject } from "../store/store";

export interface IntentLike extends StoredObject {
  client_secret: string | null;
  status: string;
}

/** Loads an intent by its URL id, checking the client secret when the publishable key calls. */
export async function loadIntentFor<T extends IntentLike>(call: SandboxCall, object: "setup_intent" | "payment_intent"): Promise<T> {
  const intent = await call.store.require<T>(object, call.pathParam("id"), object);
  requireClientSecret(call.key, intent, call.params.string("client_secret"));
  return intent;
}

/** What Stripe answers for a card needing 3-D Secure; the sandbox's "bank page" is /authenticate. */
export function threeDSecureAction(object: "setup_intents" | "payment_intents", id: string) {
  return {
    type: "use_stripe_sdk",
    use_stripe_sdk: {
      type: "three_d_secure_redirect",
      source: `src_${randomToken(24)}`,
      stripe_js: `${BROWSER_BASE_PATH}/v1/${object}/${id}/authenticate`,
    },
  };
}

/**
 * Parameters both confirm endpoints take (the SDK's types for each); the sandbox acts on some and
 * accepts the rest.
 */
export const CONFIRM_PARAMS = [
  "payment_method",
  "payment_method_data",
  "payment_method_options",
  "allowed_payment_method_types",
  "return_url",
  "use_stripe_sdk",
  "mandate_data",
  "expand",
] as const satisfies readonly (keyof Stripe.PaymentIntentConfirmParams & keyof Stripe.SetupIntentConfirmParams)[];

/**
 * What Stripe.js adds when it confirms with the publishable key: the intent's client secret
 * (https://docs.stripe.com/js/payment_intents/confirm_card_payment). The server SDK never sends it,
 * so its types lack it.
 */
export const BROWSER_CONFIRM_PARAMS = ["client_secret"] as const;

export function readAuthenticationOutcome(call: SandboxCall): "complete" | "fail" {
  // Sandbox-only endpoint (the bank's 3-D Secure page): a plain list, no SDK type to check it against.
  call.params.allowOnly(["client_secret", "outcome", "expand"]);
  const outcome = call.params.oneOf("outcome", ["complete", "fail"] as const);
  if (!outcome) throw invalidRequest("Missing required param: outcome.", { param: "outcome", code: "parameter_missing" });
  return outcome;
}

/**
 * `allowed_payment_method_types` excludes `automatic_payment_methods`, the other way of choosing
 * payment methods the sandbox takes.
 * https://docs.stripe.com/changelog/dahlia/2026-07-29/allowed-payment-method-types-parameter
 */
export function readAllowedPaymentMethodTypes(call: SandboxCall): string[] | undefined {
  const types = readPaymentMethodTypes(call, "allowed_payment_method_types");
  if (types && call.params.has("automatic_payment_methods")) {
    throw invalidRequest("You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.", {
      param: "automatic_payment_methods",
      code: "parameters_exclusive",
    });
  }
  return types;
}

/** Only card is simulated; other types are refused as Stripe refuses unactivated ones. */
function readPaymentMethodTypes(call: SandboxCall, key: string): string[] | undefined {
  const types = call.params.strings(key);
  if (!types) return undefined;
  for (const type of types) {
    if (type !== "card") {
      throw invalidRequest(`The payment method type provided: ${type} is invalid. The Stripe sandbox supports only card.`, {
        param: key,
        code: "payment_method_unactivated",
      });
    }
  }
  return types;
}
