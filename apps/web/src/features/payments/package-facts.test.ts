/** The package facts the screens show come from the pricing table, worded as docs/product.md, Prices and limits does. */
import { expect, test } from "vitest";
import { english } from "@/lib/i18n";
import { deliveryText, percentOfBps, shortDollars } from "./package-facts";

test("delivery windows", () => {
  expect(deliveryText("standard", english)).toBe("14-30 days");
  expect(deliveryText("expedited", english)).toBe("48 hours");
  expect(deliveryText("recovery_1", english)).toBe("7-14 days");
  expect(deliveryText("recovery_2", english)).toBe("7-14 days");
  expect(deliveryText("pro", english)).toBe("24 hours");
});

test("revenue shares and amounts", () => {
  expect(percentOfBps(200)).toBe("2%");
  expect(percentOfBps(1000)).toBe("10%");
  expect(percentOfBps(3000)).toBe("30%");
  expect(shortDollars(9900, english)).toBe("$99");
  expect(shortDollars(4999, english)).toBe("$49.99");
});
