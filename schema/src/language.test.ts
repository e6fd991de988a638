/** The language a first visit gets comes from the browser's preference, read as HTTP orders it. */
import { describe, expect, test } from "vitest";
import { acceptLanguageTags, formatMoney, intlMoney, LANGUAGES, preferredLanguage } from "./language";

describe("acceptLanguageTags", () => {
  test("orders tags by q, then as written; drops q=0, '*' and empty parts", () => {
    expect(acceptLanguageTags("en;q=0.5, es-MX, fr;q=0.8, *;q=0.9, de;q=0, ,")).toEqual(["es-MX", "fr", "en"]);
  });

  test("a missing or empty header holds no tag", () => {
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags("")).toEqual([]);
  });
});

describe("preferredLanguage", () => {
  test("the first tag JPlay speaks, by its primary subtag and in any case", () => {
    expect(preferredLanguage(["fr-CA", "ES-us", "en"])).toBe("es");
    expect(preferredLanguage(["en-GB", "es"])).toBe("en");
  });

  test("English when the browser prefers nothing JPlay speaks", () => {
    expect(preferredLanguage(["fr", "de"])).toBe("en");
    expect(preferredLanguage([])).toBe("en");
  });
});

describe("formatMoney", () => {
  test("writes cents as US dollars in either language, as the pricing's English has always read", () => {
    expect(formatMoney(123450, "en")).toBe("$1,234.50");
    expect(formatMoney(199, "es")).toBe("$1.99");
    expect(formatMoney(0, "en")).toBe("$0.00");
    expect(formatMoney(-99, "en")).toBe("-$0.99");
  });

  test("writes every amount exactly as Intl writes it in en-US and es-US", () => {
    const boundaries = [0, 1, 9, 10, 99, 100, 101, 199, 999, 1000, 99_999, 100_000, 123_450, 99_999_999, 100_000_000, 123_456_789_012];
    // A fixed pseudo-random walk over amounts below $21 million, so a failure names an amount that can be run again.
    let seed = 20261126;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const walked = Array.from({ length: 2000 }, () => next() % 10 ** (1 + (next() % 12)));
    for (const language of LANGUAGES) {
      for (const cents of [...boundaries, ...walked]) {
        expect(formatMoney(cents, language), `${cents} in ${language}`).toBe(intlMoney(cents, language));
        expect(formatMoney(-cents || -1, language), `${-cents || -1} in ${language}`).toBe(intlMoney(-cents || -1, language));
      }
    }
  });

  test("leaves what is not whole cents to Intl", () => {
    expect(formatMoney(12.5, "en")).toBe(intlMoney(12.5, "en"));
    expect(formatMoney(-0, "en")).toBe(intlMoney(-0, "en"));
  });
});
