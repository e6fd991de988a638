/**
 * Light formatting and the local completeness checks of the sandbox card form, with the wording
 * Stripe Elements uses, so both providers talk to the artist alike. Pure functions, easy to test.
 */
import type { Translator } from "@/lib/i18n";
import type { CardNumbers } from "./api/sandbox-confirm-intent";

export const digitsOf = (text: string, max: number) => text.replace(/\D/g, "").slice(0, max);

/** "4242424242424242" → "4242 4242 4242 4242". */
export const formatCardNumber = (text: string) => digitsOf(text, 19).replace(/(\d{4})(?=\d)/g, "$1 ");

/** "1234" → "12 / 34"; a lone first digit above 1 is a month: "4" → "04". */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text, 4);
  if (digits.length === 1 && digits > "1") digits = `0${digits}`;
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardField = "number" | "expiry" | "cvc";

export type CardCheck = { ok: true; card: CardNumbers } | { ok: false; field: CardField; message: string };

/** Checks what can be checked before asking the provider; the provider judges the rest. */
export function checkCard(values: Record<CardField, string>, i18n: Translator, now = new Date()): CardCheck {
  const number = digitsOf(values.number, 19);
  if (number.length < 12) return { ok: false, field: "number", message: i18n._("Your card number is incomplete.") };
  if (!passesLuhn(number)) return { ok: false, field: "number", message: i18n._("Your card number is invalid.") };

  const expiry = digitsOf(values.expiry, 4);
  if (expiry.length < 4) return { ok: false, field: "expiry", message: i18n._("Your card's expiration date is incomplete.") };
  const expMonth = Number(expiry.slice(0, 2));
  const expYear = 2000 + Number(expiry.slice(2));
  if (expMonth < 1 || expMonth > 12) return { ok: false, field: "expiry", message: i18n._("Your card's expiration date is invalid.") };
  const thisYear = now.getFullYear();
  if (expYear < thisYear) return { ok: false, field: "expiry", message: i18n._("Your card's expiration year is in the past.") };
  if (expYear === thisYear && expMonth < now.getMonth() + 1) {
    return { ok: false, field: "expiry", message: i18n._("Your card's expiration date is in the past.") };
  }

  const cvc = digitsOf(values.cvc, 4);
  if (cvc.length < 3) return { ok: false, field: "cvc", message: i18n._("Your card's security code is incomplete.") };

  return { ok: true, card: { number, expMonth, expYear, cvc } };
}
