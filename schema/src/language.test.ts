/** The language a first visit gets comes from the browser's preference, read as HTTP orders it. */
import { describe, expect, test } from "vitest";
import { acceptLanguageTags, formatMoney, preferredLanguage } from "./language";

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
  });
});
