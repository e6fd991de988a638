import { describe, expect, it } from "vitest";
import { formatCents, formatDollars, formatMoment } from "./admin-format";

describe("the admin portal's money and moments", () => {
  it("writes cents and the admin data's dollar fees alike, as the artist's screens write money", () => {
    expect(formatCents(799)).toBe("$7.99");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatDollars(7.99)).toBe("$7.99");
    // 0.1 + 0.2 dollars is 30 cents, not a float's 30.000000000000004.
    expect(formatDollars(0.1 + 0.2)).toBe("$0.30");
  });

  it("writes a timestamp in local time and shows what is not one as it came", () => {
    const written = formatMoment("2026-11-28T12:00:00.000Z");
    expect(written).not.toBe("2026-11-28T12:00:00.000Z");
    expect(written).toMatch(/2026/);
    expect(formatMoment("soon")).toBe("soon");
  });
});
