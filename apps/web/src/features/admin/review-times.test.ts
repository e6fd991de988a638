import { describe, expect, it } from "vitest";
import { durationWords, timeLeftWords } from "./review-times";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("the Review tab's time left", () => {
  it("names the two largest units, whole, singular or plural", () => {
    expect(durationWords(2 * DAY + 5 * HOUR + 59 * MINUTE)).toBe("2 days 5 hours");
    expect(durationWords(DAY + 30 * MINUTE)).toBe("1 day");
    expect(durationWords(3 * HOUR + MINUTE + 40_000)).toBe("3 hours 1 minute");
    expect(durationWords(12 * MINUTE)).toBe("12 minutes");
    expect(durationWords(59_999)).toBe("less than a minute");
  });

  it("says left before the deadline and overdue after it", () => {
    expect(timeLeftWords(90 * MINUTE, false)).toBe("1 hour 30 minutes left");
    expect(timeLeftWords(-(DAY + HOUR), true)).toBe("Overdue by 1 day 1 hour");
  });
});
