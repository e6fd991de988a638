// The Range / If-None-Match / If-Range rules on their own, including the edge cases R2 never sees.
import { describe, expect, it } from "vitest";
import { decideRange, etagMatchesAny, ifRangeAllows } from "./byte-range";

describe("decideRange", () => {
  it.each([
    [null, { kind: "full" }],
    ["bytes=0-0", { kind: "partial", range: { offset: 0, length: 1 } }],
    ["bytes=10-", { kind: "partial", range: { offset: 10, length: 90 } }],
    ["bytes=-10", { kind: "partial", range: { offset: 90, length: 10 } }],
    ["bytes=-500", { kind: "partial", range: { offset: 0, length: 100 } }],
    ["bytes=50-5000", { kind: "partial", range: { offset: 50, length: 50 } }],
    ["bytes=100-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=9-3", { kind: "full" }],
    ["bytes=0-1,4-5", { kind: "full" }],
    ["items=0-1", { kind: "full" }],
    ["bytes=-", { kind: "full" }],
    ["bytes=abc", { kind: "full" }],
  ] as const)("%s on 100 bytes", (header, expected) => {
    expect(decideRange(header, 100)).toEqual(expected);
  });

  it("finds nothing satisfiable in an empty object", () => {
    expect(decideRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("validators", () => {
  it("compares If-None-Match weakly across a list", () => {
    expect(etagMatchesAny('W/"a"', '"a"')).toBe(true);
    expect(etagMatchesAny('"b", "a"', '"a"')).toBe(true);
    expect(etagMatchesAny('"b"', '"a"')).toBe(false);
    expect(etagMatchesAny(null, '"a"')).toBe(false);
  });

  it("applies If-Range only to a strong, equal ETag or the exact Last-Modified second", () => {
    const modified = new Date("2026-01-02T03:04:05.678Z");
    expect(ifRangeAllows(null, '"a"', modified)).toBe(true);
    expect(ifRangeAllows('"a"', '"a"', modified)).toBe(true);
    expect(ifRangeAllows('W/"a"', '"a"', modified)).toBe(false);
    expect(ifRangeAllows('"b"', '"a"', modified)).toBe(false);
    expect(ifRangeAllows(modified.toUTCString(), '"a"', modified)).toBe(true);
    expect(ifRangeAllows("Fri, 02 Jan 2026 03:04:04 GMT", '"a"', modified)).toBe(false);
    expect(ifRangeAllows("not a date", '"a"', modified)).toBe(false);
  });
});
