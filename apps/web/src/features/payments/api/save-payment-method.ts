/**
 * `POST /api/save-payment-method`: records the confirmed card with the artist's phone number and
 * payout frequency. The server reads the card's brand and last 4 from the provider, never from us.
 */
import { type PaymentFrequency, SavePaymentMethodResponseSchema } from "@jplay/schema/payments";
import { api } from "@/lib/api-client";
import { useWrite } from "@/lib/use-write";

export interface SavePaymentMethodInput {
  customerId: string;
  paymentMethodId: string;
  phoneNumber: string;
  paymentFrequency: PaymentFrequency;
}

export const savePaymentMethod = (input: SavePaymentMethodInput) =>
  api.post("/api/save-payment-method", SavePaymentMethodResponseSchema, input);

export const useSavePaymentMethod = () => useWrite(savePaymentMethod);
