/**
 * Card numbers as Stripe's test mode treats them: validation (Luhn, expiry, CVC), the brand and a
 * stable fingerprint, and what each test card does at setup and at payment time (declines with
 * Stripe's codes, 3-D Secure). https://docs.stripe.com/testing
 */
import type { CardFailure } from "../http/errors";

/**
 * The dispute a test card's successful charge gets right after it (https://docs.stripe.com/testing#disputes):
 * a fraudulent chargeback, a product-not-received chargeback, or an inquiry (no money moves).
 */
export type DisputeKind = "fraudulent" | "product_not_received" | "inquiry";

/** What a card does when it is set up or charged. */
export type CardBehaviour =
  /** `bypassPending`: the charge's funds skip the pending balance (4000 0000 0000 0077). */
  | { kind: "succeed"; bypassPending?: true; refundFailsLater?: true; dispute?: DisputeKind; earlyFraudWarning?: true }
  /** Declines every setup and charge with this failure. */
  | { kind: "decline"; failure: CardFailure; blocked?: boolean }
  /** Sets up and attaches fine, then every charge declines (4000 0000 0000 0341). */
  | { kind: "decline_charges"; failure: CardFailure }
  /** 3-D Secure at setup and on-session; off-session fine once set up for it (…3155). */
  | { kind: "authenticate_unless_set_up" }
  /** 3-D Secure on every transaction; off-session always authentication_required (…3184). */
  | { kind: "authenticate_always" };

const DECLINED = "Your card was declined.";
const decline = (decline_code: string, message = DECLINED, extra: Partial<CardFailure> = {}): CardFailure => ({
  code: "card_declined",
  decline_code,
  message,
  ...extra,
});

export const AUTHENTICATION_REQUIRED: CardFailure = {
  code: "authentication_required",
  decline_code: "authentication_required",
  message: "Your card was declined. This transaction requires authentication.",
};

/** Stripe's documented test numbers; any other valid number succeeds. */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  "4000000000000002": { kind: "decline", failure: decline("generic_decline") },
  "4000000000009995": { kind: "decline", failure: decline("insufficient_funds", "Your card has insufficient funds.", { advice_code: "try_again_later" }) },
  "4000000000009987": { kind: "decline", failure: decline("lost_card", DECLINED, { advice_code: "do_not_try_again" }) },
  "4000000000009979": { kind: "decline", failure: decline("stolen_card", DECLINED, { advice_code: "do_not_try_again" }) },
  "4000000000000069": {
    kind: "decline",
    failure: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired.", param: "exp_month" },
  },
  "4000000000000127": {
    kind: "decline",
    failure: { code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect.", param: "cvc" },
  },
  "4100000000000019": { kind: "decline", failure: decline("fraudulent", DECLINED, { advice_code: "do_not_try_again" }), blocked: true },
  "4000000000000341": { kind: "decline_charges", failure: decline("generic_decline") },
  "4000002500003155": { kind: "authenticate_unless_set_up" },
  "4000002760003184": { kind: "authenticate_always" },
  // https://docs.stripe.com/testing#available-balance
  "4000000000000077": { kind: "succeed", bypassPending: true },
  // https://docs.stripe.com/testing#refunds: the refund starts `succeeded`, then fails some time later.
  "4000000000005126": { kind: "succeed", refundFailsLater: true },
  // https://docs.stripe.com/testing#disputes: the charge succeeds, then is disputed (or warned about).
  "4000000000000259": { kind: "succeed", dispute: "fraudulent" },
  "4000000000002685": { kind: "succeed", dispute: "product_not_received" },
  "4000000000001976": { kind: "succeed", dispute: "inquiry" },
  "4000000000005423": { kind: "succeed", earlyFraudWarning: true },
};

/** Stripe's test PaymentMethod ids (`pm_card_visa`…): each use makes a fresh card from the number. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_discover: "6011111111111117",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedLostCard: "4000000000009987",
  pm_card_chargeDeclinedStolenCard: "4000000000009979",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_radarBlock: "4100000000000019",
  pm_card_chargeCustomerFail: "4000000000000341",
  pm_card_authenticationRequiredOnSetup: "4000002500003155",
  pm_card_authenticationRequired: "4000002760003184",
  /** Succeeds; on Stripe its funds skip the pending balance (https://docs.stripe.com/testing#available-balance). */
  pm_card_bypassPending: "4000000000000077",
  /** Succeeds; its refunds fail some time later (https://docs.stripe.com/testing#refunds). */
  pm_card_refundFail: "4000000000005126",
  /** Succeeds, then disputed as fraudulent (https://docs.stripe.com/testing#disputes). */
  pm_card_createDispute: "4000000000000259",
  pm_card_createDisputeProductNotReceived: "4000000000002685",
  pm_card_createDisputeInquiry: "4000000000001976",
  pm_card_createEarlyFraudWarning: "4000000000005423",
};

export const behaviourOf = (number: string): CardBehaviour => TEST_CARDS[number] ?? { kind: "succeed" };

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  const prefix = (n: number) => Number(number.slice(0, n));
  if (number.startsWith("4")) return "visa";
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return "mastercard";
  if (prefix(2) === 34 || prefix(2) === 37) return "amex";
  if (prefix(4) === 6011 || prefix(2) === 65 || (prefix(3) >= 644 && prefix(3) <= 649)) return "discover";
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return "jcb";
  if (prefix(2) === 36 || prefix(2) === 38 || prefix(2) === 39 || (prefix(3) >= 300 && prefix(3) <= 305)) return "diners";
  if (prefix(2) === 62) return "unionpay";
  return "unknown";
}

const FINGERPRINT_KEY = new TextEncoder().encode("jplay-stripe-sandbox-card-fingerprint");

/** Same number, same fingerprint (Stripe's 16 alphanumerics), without keeping the number. */
export async function fingerprintOf(number: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", FINGERPRINT_KEY, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(number)));
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return [...mac.slice(0, 16)].map((b) => alphabet[b % alphabet.length]).join("");
}

export interface CardInput {
  number: string | undefined;
  exp_month: number | undefined;
  exp_year: number | undefined;
  cvc: string | undefined;
}

export interface ValidCard {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
}

/** A validation failure, as Stripe answers it when a card is created (402 card_error). */
export class CardValidationError extends Error {
  constructor(readonly failure: CardFailure) {
    super(failure.message);
  }
}

const invalid = (code: string, message: string, param: string) => new CardValidationError({ code, message, param });

/** Stripe's checks when card details arrive; `now` decides what "expired" means. */
export async function validateCard(input: CardInput, now = new Date()): Promise<ValidCard> {
  const number = (input.number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) throw invalid("invalid_number", "Your card number is incorrect.", "number");
  if (!luhnValid(number)) throw invalid("incorrect_number", "Your card number is incorrect.", "number");
  const month = input.exp_month;
  if (month === undefined || month < 1 || month > 12) throw invalid("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
  let year = input.exp_year;
  if (year === undefined) throw invalid("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
  if (year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50) throw invalid("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
  if (year === thisYear && month < now.getUTCMonth() + 1) throw invalid("expired_card", "Your card has expired.", "exp_month");
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc)) throw invalid("invalid_cvc", "Your card's security code is invalid.", "cvc");
  return { number, brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year, fingerprint: await fingerprintOf(number) };
}

export type Outcome = { kind: "succeed" } | { kind: "requires_action" } | { kind: "decline"; failure: CardFailure; blocked: boolean };

const SUCCEED: Outcome = { kind: "succeed" };
const REQUIRES_ACTION: Outcome = { kind: "requires_action" };

/** Saving a card (SetupIntent confirm, attach): the issuer verifies it. */
export function setupOutcome(behaviour: CardBehaviour, authenticated: boolean): Outcome {
  switch (behaviour.kind) {
    case "succeed":
    case "decline_charges":
      return SUCCEED;
    case "decline":
      return { kind: "decline", failure: behaviour.failure, blocked: behaviour.blocked ?? false };
    case "authenticate_unless_set_up":
    case "authenticate_always":
      return authenticated ? SUCCEED : REQUIRES_ACTION;
  }
}

export interface PaymentContext {
  offSession: boolean;
  /** The card went through a SetupIntent (or a payment) saving it for off-session use. */
  setUpForOffSession: boolean;
  /** The cardholder has just completed 3-D Secure for this payment. */
  authenticated: boolean;
}

/** Charging a card (PaymentIntent confirm). */
export function paymentOutcome(behaviour: CardBehaviour, context: PaymentContext): Outcome {
  switch (behaviour.kind) {
    case "succeed":
      return SUCCEED;
    case "decline":
      return { kind: "decline", failure: behaviour.failure, blocked: behaviour.blocked ?? false };
    case "decline_charges":
      return { kind: "decline", failure: behaviour.failure, blocked: false };
    case "authenticate_unless_set_up":
      if (context.authenticated || (context.offSession && context.setUpForOffSession)) return SUCCEED;
      return context.offSession ? { kind: "decline", failure: AUTHENTICATION_REQUIRED, blocked: false } : REQUIRES_ACTION;
    case "authenticate_always":
      if (context.authenticated) return SUCCEED;
      return context.offSession ? { kind: "decline", failure: AUTHENTICATION_REQUIRED, blocked: false } : REQUIRES_ACTION;
  }
}
