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
