/** Payment API shapes shared by the Worker and the SPA (spec section 3). */

export type PaymentFrequency = "daily" | "weekly";

/** `GET /api/config`: which payment provider the browser talks to. */
export type PaymentsConfig = { mode: "stripe"; publishableKey: string } | { mode: "sandbox" };
export interface PublicConfig {
  payments: PaymentsConfig;
}

export interface CreateSetupIntentResponse {
  clientSecret: string;
  customerId: string;
}

export type SavePaymentMethodResponse = { brand: string; last4: string } | { error: string };

export interface DistributeResponse {
  id: string;
}

/** Where the Stripe sandbox's REST API answers, for the SDK on the server and the card form. */
export const SANDBOX_API_BASE = "/api/stripe-sandbox";

/** `POST /api/distribute/{songId}/complete` body (spec section 3). */
export interface CompleteDistributionRequest {
  feeOption: "standard" | "expedited";
  /** The browser's attempt id (a timestamp as a string); the same id replays the first answer. */
  requestId: string;
}

/**
 * `POST /api/distribute/{songId}/complete` answer (spec section 3). Exactly one outcome is true, or
 * none (paid: success). A declined card answers an error status (402) instead.
 */
export interface CompleteDistributionResponse {
  alreadyProcessed?: boolean;
  requiresPaymentMethod?: boolean;
  requiresAction?: boolean;
  clientSecret?: string;
  /** Amount to pay in dollars, as the server decided it (the inline form shows it). */
  amount?: number;
  feeOption: "standard" | "expedited";
  success?: boolean;
}

/** `POST /api/distribute/{songId}/recovery` body and answers (spec sections 3 and 7). */
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
export interface RecoveryResponse {
  clientSecret?: string;
  success: boolean;
  alreadyProcessed?: boolean;
  requiresNewCard?: boolean;
  message?: string;
}
/** The 402 answer: the card cannot take this offer, a next tier may. */
export interface RecoveryNextTierResponse {
  suggestNextTier: boolean;
  nextTier: number;
  /** Why (e.g. the card was hard-declined and a new card is needed). */
  message?: string;
  requiresNewCard?: boolean;
}

export interface ClientSecretResponse {
  clientSecret: string;
}
