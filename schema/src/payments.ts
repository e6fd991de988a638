/** Payment API shapes shared by the Worker and the SPA (docs/product.md, Data). */
import * as v from "valibot";

export type { PaymentFrequency } from "./statuses";

/** `GET /api/config`: which payment provider the browser talks to. */
export const PaymentsConfigSchema = v.variant("mode", [
  v.object({ mode: v.literal("stripe"), publishableKey: v.string() }),
  v.object({ mode: v.literal("sandbox") }),
]);
export type PaymentsConfig = v.InferOutput<typeof PaymentsConfigSchema>;
export const PublicConfigSchema = v.object({ payments: PaymentsConfigSchema });
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;

/**
 * The request header that carries a passed Turnstile challenge's token on the payment-setup calls,
 * after a 428 `challenge_required` whose `error.siteKey` the widget needs (docs/decisions/084).
 */
export const CHALLENGE_TOKEN_HEADER = "X-Turnstile-Token";

export const CreateSetupIntentResponseSchema = v.object({ clientSecret: v.string(), customerId: v.string() });
export type CreateSetupIntentResponse = v.InferOutput<typeof CreateSetupIntentResponseSchema>;

/** `artistPageUrl`: the artist's private page (`/artist/{token}`), issued anew with every saved card. */
export const SavePaymentMethodResponseSchema = v.union([
  v.object({ brand: v.string(), last4: v.string(), artistPageUrl: v.optional(v.string()) }),
  v.object({ error: v.string() }),
]);
export type SavePaymentMethodResponse = v.InferOutput<typeof SavePaymentMethodResponseSchema>;

/** `POST /api/distribute`: the uploaded song's id. */
export const DistributeResponseSchema = v.object({ id: v.string() });
export type DistributeResponse = v.InferOutput<typeof DistributeResponseSchema>;

/** Where the Stripe sandbox's REST API answers, for the SDK on the server and the card form. */
export const SANDBOX_API_BASE = "/api/stripe-sandbox";

/** `POST /api/distribute/{songId}/complete` body (docs/product.md, Data). */
export interface CompleteDistributionRequest {
  feeOption: "standard" | "expedited";
  /** The browser's attempt id (a timestamp as a string); the same id replays the first answer. */
  requestId: string;
}

/**
 * `POST /api/distribute/{songId}/complete` answer (docs/product.md, Data). Exactly one outcome is true:
 * - `alreadyProcessed`: the song was paid before (nothing charged);
 * - `success`: the saved card paid, or the artist is Pro (no fee);
 * - `requiresPaymentMethod` + `clientSecret` + `amount` (dollars): no usable saved card — confirm the
 *   PaymentIntent in the card form with a new card;
 * - `requiresAction` + `clientSecret`: 3-D Secure — confirm the PaymentIntent with the saved card.
 * After a browser confirmation the server learns the result from Stripe's webhook (the song turns
 * `approved`). Error statuses (body `{error:{code, message}}`): 402 declined (code = decline code;
 * the same requestId replays it); 400 'Invalid option' or a bad requestId; 404 'Song not found'
 * (also another artist's song); 409 `payment_in_progress` ('A payment for this song is already in
 * progress') or `request_reused` (same requestId, other option); 429 `too_many_attempts` with
 * Retry-After (seconds): 30 s between attempts, 60 s before switching the option. Every payment
 * endpoint answers 503 `payments_unavailable` (Retry-After) when Stripe itself fails; retrying the
 * same requestId after 30 s resumes that payment without charging twice.
 */
export const CompleteDistributionResponseSchema = v.object({
  alreadyProcessed: v.optional(v.boolean()),
  requiresPaymentMethod: v.optional(v.boolean()),
  requiresAction: v.optional(v.boolean()),
  clientSecret: v.optional(v.string()),
  /** Amount to pay in dollars, as the server decided it (the inline form shows it). */
  amount: v.optional(v.number()),
  feeOption: v.picklist(["standard", "expedited"]),
  success: v.optional(v.boolean()),
});
export type CompleteDistributionResponse = v.InferOutput<typeof CompleteDistributionResponseSchema>;

/** `POST /api/distribute/{songId}/recovery` body and answers (docs/product.md, Data; Calls). */
export interface RecoveryRequest {
  offerTier: 1 | 2;
}
/**
 * `success: true`: the saved card paid the offer (or `alreadyProcessed`: the song was paid before).
 * `success: false` with `clientSecret`: pay the offer in the card form (`requiresNewCard`: the saved
 * card may not be charged again, `message` says why). The server makes an offer only after an
 * earlier attempt failed: tier 1 after a failed or abandoned payment for the song, tier 2 after a
 * tier-1 payment that did not succeed; otherwise it answers 409.
 */
export const RecoveryResponseSchema = v.object({
  clientSecret: v.optional(v.string()),
  success: v.boolean(),
  alreadyProcessed: v.optional(v.boolean()),
  requiresNewCard: v.optional(v.boolean()),
  /** The saved card needs 3-D Secure: the browser confirms `clientSecret` with it. */
  requiresAction: v.optional(v.boolean()),
  message: v.optional(v.string()),
});
export type RecoveryResponse = v.InferOutput<typeof RecoveryResponseSchema>;
/** The 402 answer: the card cannot take this offer, a next tier may. */
export const RecoveryNextTierResponseSchema = v.object({
  suggestNextTier: v.boolean(),
  nextTier: v.number(),
  /** Why (e.g. the card was hard-declined and a new card is needed). */
  message: v.optional(v.string()),
  requiresNewCard: v.optional(v.boolean()),
});
export type RecoveryNextTierResponse = v.InferOutput<typeof RecoveryNextTierResponseSchema>;

/**
 * `POST /api/get-or-create-subscription` → `{clientSecret}` of the Pro subscription's open invoice
 * (the same one until it is paid); 409 `already_subscribed` when Pro is already active.
 */
export const ClientSecretResponseSchema = v.object({ clientSecret: v.string() });
export type ClientSecretResponse = v.InferOutput<typeof ClientSecretResponseSchema>;

/**
 * `POST /api/create-payment-intent` body `{amount: 9900}` (optional; any other amount → 400) →
 * `{clientSecret, songId}`: the one-off fee for the artist's most recent song awaiting payment
 * (404 when none), paid as the standard package once the webhook reports the payment.
 */
export const CheckoutPaymentResponseSchema = v.object({ clientSecret: v.string(), songId: v.string() });
export type CheckoutPaymentResponse = v.InferOutput<typeof CheckoutPaymentResponseSchema>;
