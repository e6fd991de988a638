/** The sandbox card form's formatting and local checks (the provider judges everything else). */
import { describe, expect, test } from "vitest";
import { english } from "@/lib/i18n";
import { checkCard, formatCardNumber, formatExpiry } from "./sandbox-card-input";

describe("formatting", () => {
  test("card numbers group by four, digits only, at most 19", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42x")).toBe("4242 4242 42");
    expect(formatCardNumber("1".repeat(25)).replace(/ /g, "")).toHaveLength(19);
  });

  test("expiry reads MM / YY; a lone digit above 1 is a month", () => {
    expect(formatExpiry("1234")).toBe("12 / 34");
    expect(formatExpiry("12 / 34")).toBe("12 / 34");
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12 / ")).toBe("12");
  });
});

describe("checkCard", () => {
  const now = new Date(2026, 5, 15);
  const valid = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

  test("a complete card passes with a four-digit year", () => {
    expect(checkCard(valid, english, now)).toEqual({ ok: true, card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } });
  });

  test("each incomplete or impossible input is named with Stripe's wording", () => {
    expect(checkCard({ ...valid, number: "4242 4242" }, english, now)).toMatchObject({ field: "number", message: "Your card number is incomplete." });
    expect(checkCard({ ...valid, number: "4242 4242 4242 4241" }, english, now)).toMatchObject({ field: "number", message: "Your card number is invalid." });
    expect(checkCard({ ...valid, expiry: "12" }, english, now)).toMatchObject({ field: "expiry", message: "Your card's expiration date is incomplete." });
    expect(checkCard({ ...valid, expiry: "13 / 30" }, english, now)).toMatchObject({ field: "expiry" });
    expect(checkCard({ ...valid, expiry: "12 / 20" }, english, now)).toMatchObject({ message: "Your card's expiration year is in the past." });
    expect(checkCard({ ...valid, expiry: "05 / 26" }, english, now)).toMatchObject({ message: "Your card's expiration date is in the past." });
    expect(checkCard({ ...valid, cvc: "12" }, english, now)).toMatchObject({ field: "cvc", message: "Your card's security code is incomplete." });
  });
});
