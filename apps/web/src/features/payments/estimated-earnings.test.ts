/** docs/product.md, Prices and limits: estimated earnings on the confirmation screen = price × 0.9 × 10. */
import { expect, test } from "vitest";
import { estimatedEarningsCents } from "./estimated-earnings";

test("price × 0.9 × 10, exact to the cent", () => {
  expect(estimatedEarningsCents(1.99)).toBe(1791);
  expect(estimatedEarningsCents(0.7)).toBe(630);
  expect(estimatedEarningsCents(1.29)).toBe(1161);
});

test("a price that is not a number counts as the $1.99 fallback", () => {
  expect(estimatedEarningsCents(Number.NaN)).toBe(1791);
  expect(estimatedEarningsCents(-1)).toBe(1791);
});
