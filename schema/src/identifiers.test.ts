// The ISRC and GTIN rules against their standards: ISO 3901 / the IFPI ISRC handbook and bulletin
// 2015/01 (syntax, presentation, data entry), and GS1's mod-10 check digit on codes printed on real products.
import { describe, expect, it } from "vitest";
import {
  formatIsrc,
  gtinCheckDigit,
  ISRC_MAX_DESIGNATION,
  mintIsrc,
  mintUpc,
  normalizeGtin,
  normalizeIsrc,
  normalizeIsrcPrefix,
  normalizeUpcCompanyPrefix,
  upcItemReferences,
} from "./identifiers";

describe("GS1 check digit", () => {
  // Codes printed on real products and in GS1's and ISBN's own documentation.
  it.each([
    ["036000291452", "a UPC-A (GTIN-12)"],
    ["012345678905", "GS1 US's UPC-A example"],
    ["4006381333931", "an EAN-13 (GTIN-13)"],
    ["5901234123457", "GS1's EAN-13 example"],
    ["9780306406157", "an ISBN-13 as EAN-13"],
  ])("is the last digit of %s (%s)", (gtin) => {
    expect(gtinCheckDigit(gtin.slice(0, -1))).toBe(Number(gtin.slice(-1)));
    expect(normalizeGtin(gtin)).toBe(gtin);
  });

  it("weighs the digits 3, 1, 3, … from the right, so a swap of two neighbours changes it", () => {
    // 0·3 + 0·1 + … + 1·3 → 3 → check 7; 1·1 + 0·3 → 1 → check 9.
    expect(gtinCheckDigit("00000000001")).toBe(7);
    expect(gtinCheckDigit("00000000010")).toBe(9);
    expect(gtinCheckDigit("00000000000")).toBe(0);
  });

  it("refuses a GTIN whose check digit is wrong, every wrong digit", () => {
    for (let digit = 0; digit <= 9; digit++) {
      if (digit === 2) continue;
      expect(normalizeGtin(`03600029145${digit}`), String(digit)).toBeNull();
    }
    expect(normalizeGtin("4006381333932")).toBeNull();
    // Two neighbouring digits swapped (a typing slip the check digit exists to catch).
    expect(normalizeGtin("036000294152")).toBeNull();
  });

  it("refuses 11 and 14 digits (a UPC is 12, an EAN 13) and anything not a digit", () => {
    expect(normalizeGtin("03600029145")).toBeNull();
    expect(normalizeGtin("00036000291452")).toBeNull();
    expect(normalizeGtin("03600029145X")).toBeNull();
    expect(normalizeGtin("")).toBeNull();
  });

  it("accepts the UPC as printed under a barcode (spaces or hyphens between groups)", () => {
    expect(normalizeGtin(" 0 36000 29145 2 ")).toBe("036000291452");
    expect(normalizeGtin("978-0-306-40615-7")).toBe("9780306406157");
  });
});

describe("ISRC", () => {
  it.each([
    ["US-S1Z-99-00001", "USS1Z9900001"],
    ["USS1Z9900001", "USS1Z9900001"],
    ["GB-EMI-03-00013", "GBEMI0300013"],
    ["FR-Z03-91-01231", "FRZ039101231"],
    ["us-s1z-99-00001", "USS1Z9900001"],
    [" US S1Z 99 00001 ", "USS1Z9900001"],
    // ISO 3901's visual presentation: the code preceded by "ISRC", which is not part of it.
    ["ISRC US-S1Z-99-00001", "USS1Z9900001"],
    ["isrc: us-s1z-99-00001", "USS1Z9900001"],
  ])("reads %s as %s", (typed, stored) => {
    expect(normalizeIsrc(typed)).toBe(stored);
  });

  it("keeps a real ISRC whose own first letters are I, S, R, C (country IS, registrant RC…)", () => {
    expect(normalizeIsrc("IS-RC1-05-00042")).toBe("ISRC10500042");
  });

  it.each([
    ["USS1Z990001", "11 characters"],
    ["USS1Z99000011", "13 characters"],
    ["U1S1Z9900001", "a digit in the country code"],
    ["USS1ZA900001", "a letter in the year"],
    ["USS1Z990000A", "a letter in the designation"],
    ["USS1Z99O0001", "the letter O for a zero in the designation"],
    ["US-S1Z-99-0000", "a designation of four digits"],
    ["US_S1Z_99_00001", "underscores"],
    ["ISRC", "nothing but the label"],
    ["", "nothing"],
  ])("refuses %s (%s)", (typed) => {
    expect(normalizeIsrc(typed)).toBeNull();
  });

  it("is shown with hyphens between its four elements", () => {
    expect(formatIsrc("USS1Z9900001")).toBe("US-S1Z-99-00001");
    expect(formatIsrc(normalizeIsrc("gb-emi-03-00013")!)).toBe("GB-EMI-03-00013");
  });

  it("reads a registrant's prefix (country code and registrant code)", () => {
    expect(normalizeIsrcPrefix("US-S1Z")).toBe("USS1Z");
    expect(normalizeIsrcPrefix("qz-ab1")).toBe("QZAB1");
    expect(normalizeIsrcPrefix("US-S1")).toBeNull();
    expect(normalizeIsrcPrefix("1S-S1Z")).toBeNull();
    expect(normalizeIsrcPrefix("US-S1Z-99")).toBeNull();
  });

  describe("mintIsrc", () => {
    it("writes the year of reference's last two digits and pads the designation to five", () => {
      expect(mintIsrc("USS1Z", 1999, 1)).toBe("USS1Z9900001");
      expect(mintIsrc("USS1Z", 2005, 42)).toBe("USS1Z0500042");
      expect(mintIsrc("GBEMI", 2003, 13)).toBe("GBEMI0300013");
      expect(mintIsrc("QZAB1", 2026, ISRC_MAX_DESIGNATION)).toBe("QZAB12699999");
      expect(normalizeIsrc(mintIsrc("QZAB1", 2026, 7))).toBe("QZAB12600007");
    });

    it("refuses designation 0, 100000 (six digits) and a fraction", () => {
      expect(() => mintIsrc("USS1Z", 2026, 0)).toThrow(/1 to 99999/);
      expect(() => mintIsrc("USS1Z", 2026, 100_000)).toThrow(/1 to 99999/);
      expect(() => mintIsrc("USS1Z", 2026, 1.5)).toThrow(/1 to 99999/);
    });

    it("refuses a prefix that is not in its stored form", () => {
      expect(() => mintIsrc("US-S1Z", 2026, 1)).toThrow(/Not an ISRC prefix/);
      expect(() => mintIsrc("uss1z", 2026, 1)).toThrow(/Not an ISRC prefix/);
    });
  });
});

describe("UPC company prefix and mintUpc", () => {
  it("takes 6 to 11 digits", () => {
    expect(normalizeUpcCompanyPrefix("036000")).toBe("036000");
    expect(normalizeUpcCompanyPrefix(" 0360002914 ")).toBe("0360002914");
    expect(normalizeUpcCompanyPrefix("03600")).toBeNull();
    expect(normalizeUpcCompanyPrefix("036000291452")).toBeNull();
    expect(normalizeUpcCompanyPrefix("03600A")).toBeNull();
  });

  it("leaves 10^(11 − prefix length) item references", () => {
    expect(upcItemReferences("036000")).toBe(100_000);
    expect(upcItemReferences("0360002914")).toBe(10);
    expect(upcItemReferences("03600029145")).toBe(1);
  });

  it("pads the item reference and computes the check digit (the real UPC 036000291452)", () => {
    expect(mintUpc("036000", 29145)).toBe("036000291452");
    expect(mintUpc("0360002", 9145)).toBe("036000291452");
    expect(mintUpc("0123456", 7890)).toBe("012345678905");
    // 7·3 + 4·1 = 25 → check 5.
    expect(mintUpc("040000", 7)).toBe("040000000075");
    expect(normalizeGtin(mintUpc("040000", 7))).toBe("040000000075");
  });

  it("uses every item reference the prefix leaves, item reference 0 included", () => {
    expect(mintUpc("0360002914", 0)).toBe("036000291407");
    expect(mintUpc("0360002914", 9)).toBe(`03600029149${gtinCheckDigit("03600029149")}`);
    // An 11-digit prefix is one GTIN-12: the prefix and its check digit.
    expect(mintUpc("03600029145", 0)).toBe("036000291452");
  });

  it("refuses an item reference that does not fit after the prefix", () => {
    expect(() => mintUpc("0360002914", 10)).toThrow(/does not fit/);
    expect(() => mintUpc("03600029145", 1)).toThrow(/does not fit/);
    expect(() => mintUpc("036000", 100_000)).toThrow(/does not fit/);
    expect(() => mintUpc("036000", -1)).toThrow(/does not fit/);
    expect(() => mintUpc("036000", 1.5)).toThrow(/does not fit/);
  });

  it("refuses a company prefix that is not 6 to 11 digits", () => {
    expect(() => mintUpc("03600", 1)).toThrow(/Not a UPC company prefix/);
    expect(() => mintUpc("036-000", 1)).toThrow(/Not a UPC company prefix/);
  });
});
