/** How typed phone numbers become the E.164 numbers texts go to and opt-outs are kept under. */
import { describe, expect, it } from "vitest";
import { toE164 } from "./phone-number";

describe("toE164", () => {
  it.each([
    ["+1 555 010 1234", "+15550101234"],
    ["(555) 010-1234", "+15550101234"],
    ["1-555-010-1234", "+15550101234"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %s as %s", (typed, expected) => expect(toE164(typed)).toBe(expected));

  it.each(["", "555-0101", "+0 555 010 1234", "call me", "12345678901234567"])("refuses %j", (typed) => expect(toE164(typed)).toBeNull());
});
