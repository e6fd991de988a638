/**
 * What the payment-setup card hands to the distribution form once a card is saved: the upload
 * sends the phone and customer id with the song (docs/product.md, Data, distribution submission).
 */
import type { PaymentFrequency } from "@jplay/schema/payments";
import { english, type Translator } from "@/lib/i18n";

export interface SavedPayment {
  customerId: string;
  phoneNumber: string;
  paymentFrequency: PaymentFrequency;
  brand: string;
  last4: string;
}

const brandNames: Record<string, string> = {
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  eftpos_au: "eftpos",
  jcb: "JCB",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

/** "visa" → "Visa"; unknown brands are shown as given. */
export const brandName = (brand: string, i18n: Translator = english) =>
  brandNames[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : i18n._("Card"));
