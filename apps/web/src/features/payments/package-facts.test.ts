/** The package facts the screens show come from the pricing table, worded as docs/product.md, Prices and limits does. */
import { expect, test } from "vitest";
import { deliveryText, percentOfBps, shortDollars } from "./package-facts";

test("delivery windows", () => {
  expect(deliveryText("standard")).toBe("14-30 days");
  expect(deliveryText("expedited")).toBe("48 hours");
  expect(deliveryText("recovery_1")).toBe("7-14 days");
  expect(deliveryText("recovery_2")).toBe("7-14 days");
  expect(deliveryText("pro")).toBe("24 hours");
});

test("revenue shares and amounts", () => {
  expect(percentOfBps(200)).toBe("2%");
  expect(percentOfBps(1000)).toBe("10%");
  expect(percentOfBps(3000)).toBe("30%");
  expect(shortDollars(9900)).toBe("$99");
  expect(shortDollars(4999)).toBe("$49.99");
});
