import { describe, expect, it } from "vitest";
import { formatCents } from "./admin-format";
import { checkSettlement, localToday, parseDollarsToCents } from "./funding";

describe("payout funding form helpers", () => {
  it("reads dollars as the operator types them, to the cent", () => {
    expect(parseDollarsToCents("1,234.56")).toBe(123456);
    expect(parseDollarsToCents(" $1234.5 ")).toBe(123450);
    expect(parseDollarsToCents("0.07")).toBe(7);
    expect(parseDollarsToCents("99")).toBe(9900);
    for (const bad of ["", "1.234", "abc", "-5", "1e3", "12.3.4"]) expect(parseDollarsToCents(bad)).toBeNaN();
  });

  it("formats cents as US dollars", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("checks a settlement with the server's rules and messages", () => {
    expect(checkSettlement({ amount: "1,250.00", settledOn: "2026-11-20", reference: " ACH-1 " })).toEqual({
      request: { amountCents: 125000, settledOn: "2026-11-20", reference: "ACH-1" },
    });
    expect(checkSettlement({ amount: "12.345", settledOn: "2026-02-30", reference: "" })).toEqual({
      errors: {
        amountCents: "Enter the amount the provider settled.",
        settledOn: "Enter the date the money arrived (YYYY-MM-DD).",
        reference: "Enter the settlement's reference.",
      },
    });
    expect(checkSettlement({ amount: "0", settledOn: "2026-11-20", reference: "r" })).toEqual({
      errors: { amountCents: "The amount must be at least $0.01." },
    });
  });

  it("defaults the date to the operator's own day", () => {
    expect(localToday(new Date())).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
