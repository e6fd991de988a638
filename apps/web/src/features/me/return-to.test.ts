/** returnTo accepts only the in-app screens that need a saved card. */
import { describe, expect, it } from "vitest";
import { safeReturnTo, saveCardThenReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  it("accepts /checkout and /subscribe exactly", () => {
    expect(safeReturnTo("/checkout")).toBe("/checkout");
    expect(safeReturnTo("/subscribe")).toBe("/subscribe");
  });

  it("refuses anything else: other sites, other paths, look-alikes, nothing", () => {
    for (const value of [
      "https://evil.example/checkout",
      "//evil.example",
      "/checkout/../admin",
      "/checkout?x=1",
      "/Checkout",
      "/admin",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull();
    }
  });

  it("builds the /distribute link that comes back", () => {
    expect(saveCardThenReturnTo("/checkout")).toBe("/distribute?returnTo=%2Fcheckout");
  });
});
