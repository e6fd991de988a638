/** docs/product.md, Screens: the tier is 1 or 2, defaults to 1, and other values are ignored. */
import { expect, test } from "vitest";
import { RECOVERY_TIERS } from "@jplay/schema/pricing";
import { english } from "@/lib/i18n";
import { parseTier, suggestedTier, tierTitle } from "./recovery-tier";

test("tier 1 or 2 from the address, 1 for anything else", () => {
  expect(parseTier("1")).toBe(1);
  expect(parseTier("2")).toBe(2);
  for (const other of [undefined, "", "0", "3", "-1", "2.0", "02", "abc"]) expect(parseTier(other)).toBe(1);
});

test("a next tier from the server is used only when the screen has it", () => {
  expect(suggestedTier(2)).toBe(2);
  expect(suggestedTier("2")).toBe(2);
  expect(suggestedTier(1)).toBe(1);
  expect(suggestedTier(3)).toBeNull();
  expect(suggestedTier(undefined)).toBeNull();
});

test("each tier is named as the pricing table names it", () => {
  expect(tierTitle(1, english)).toBe(RECOVERY_TIERS[1].title);
  expect(tierTitle(2, english)).toBe(RECOVERY_TIERS[2].title);
});
