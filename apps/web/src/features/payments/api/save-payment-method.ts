/**
 * `POST /api/save-payment-method`: records the confirmed card with the artist's phone number and
 * payout frequency. The server reads the card's brand and last 4 from the provider, never from us.
 */
import { type PaymentFrequency, SavePaymentMethodResponseSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { withChallenge } from "../challenge-requests";

export interface SavePaymentMethodInput {
  customerId: string;
  paymentMethodId: string;
  phoneNumber: string;
  paymentFrequency: PaymentFrequency;
}

/** Past its network's or JPlay's limits the server asks for a challenge first (challenge-requests.ts). */
export const savePaymentMethod = (input: SavePaymentMethodInput) =>
  withChallenge((headers) => api.post("/api/save-payment-method", SavePaymentMethodResponseSchema, input, headers ? { headers } : {}));

export const useSavePaymentMethod = () => useMutation({ mutationFn: savePaymentMethod });
