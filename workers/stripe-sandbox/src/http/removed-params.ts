/**
 * Parameters the SDK's pinned API version (`Stripe.API_VERSION`) no longer takes, refused as Stripe
 * documents for that version. Every other parameter an endpoint does not know is refused by
 * `Params.allowOnly` with the generic `parameter_unknown`; the lists it checks are typed against the
 * SDK's own parameter types, so a parameter the pinned version dropped cannot stay on them.
 */
import { invalidRequest } from "./errors";
import type { Params } from "./form";

/**
 * `payment_method_types` left PaymentIntent create/update/confirm and SetupIntent create/update in
 * 2026-09-30.endive; Stripe answers 400 with this code (its message is not documented; this one says
 * what to use instead).
 * https://docs.stripe.com/changelog/endive/2026-09-30/removes-the-payment-method-types-parameter-from-payment-intents-and-setup-intents
 */
export function refuseRemovedPaymentMethodTypes(params: Params): void {
  if (!params.has("payment_method_types")) return;
  throw invalidRequest(
    "The payment_method_types parameter is no longer supported on this API version. Use allowed_payment_method_types, excluded_payment_method_types or dynamic payment methods instead.",
    { param: "payment_method_types", code: "payment_method_types_no_longer_supported" },
  );
}
