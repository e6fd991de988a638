import { describe, expect, test } from "vitest";
import { basisPointsOf, centsOf } from "./split-amounts";

describe("the splits form's numbers", () => {
  test("a percent becomes whole basis points, with a point or a comma", () => {
    expect(basisPointsOf("50")).toBe(5000);
    expect(basisPointsOf("12.5")).toBe(1250);
    expect(basisPointsOf("0,29")).toBe(29);
    expect(basisPointsOf(" 0.01 ")).toBe(1);
    expect(basisPointsOf("100")).toBe(10_000);
  });

  test("a percent that is no share is refused", () => {
    for (const typed of ["", "0", "0.001", "100.01", "101", "-5", "1e2", "abc", "12.", "5 %"]) expect(basisPointsOf(typed)).toBeNull();
  });

  test("dollars become whole cents; zero, negatives and three decimals are refused", () => {
    expect(centsOf("250")).toBe(25_000);
    expect(centsOf("250.5")).toBe(25_050);
    expect(centsOf("0,07")).toBe(7);
    for (const typed of ["", "0", "0.00", "-1", "1.005", "ten"]) expect(centsOf(typed)).toBeNull();
  });
});
