/** The offer screen's pacing rules (docs/product.md, Prices and limits: 30,000 ms between attempts, 60,000 ms before a switch). */
import { describe, expect, test } from "vitest";
import { english } from "@/lib/i18n";
import { checkAttempt, checkOptionSwitch, NO_ATTEMPTS, recordAttempt, recordOptionSwitch, secondsText } from "./attempt-rules";

const T0 = 1_700_000_000_000;

describe("payment attempts", () => {
  test("the first attempt may start at once", () => {
    expect(checkAttempt(NO_ATTEMPTS, T0)).toEqual({ ok: true });
  });

  test("a second attempt waits until 30,000 ms after the first", () => {
    const history = recordAttempt(NO_ATTEMPTS, T0);
    expect(checkAttempt(history, T0 + 1)).toEqual({ ok: false, waitMs: 29_999 });
    expect(checkAttempt(history, T0 + 29_999)).toEqual({ ok: false, waitMs: 1 });
    expect(checkAttempt(history, T0 + 30_000)).toEqual({ ok: true });
  });
});

describe("fee option switches", () => {
  test("before any attempt the artist may switch freely, and switching does not start the clock", () => {
    let history = NO_ATTEMPTS;
    for (let i = 0; i < 5; i++) {
      expect(checkOptionSwitch(history, T0 + i)).toEqual({ ok: true });
      history = recordOptionSwitch(history, T0 + i);
    }
    expect(history).toEqual(NO_ATTEMPTS);
  });

  test("after an attempt, a switch waits 60,000 ms from the attempt", () => {
    const history = recordAttempt(NO_ATTEMPTS, T0);
    expect(checkOptionSwitch(history, T0 + 59_999)).toEqual({ ok: false, waitMs: 1 });
    expect(checkOptionSwitch(history, T0 + 60_000)).toEqual({ ok: true });
  });

  test("a switch moves the clock: the next switch waits 60,000 ms from it", () => {
    let history = recordAttempt(NO_ATTEMPTS, T0);
    history = recordOptionSwitch(history, T0 + 70_000);
    expect(checkOptionSwitch(history, T0 + 100_000)).toEqual({ ok: false, waitMs: 30_000 });
    expect(checkOptionSwitch(history, T0 + 130_000)).toEqual({ ok: true });
  });

  test("later attempts keep the time of the last switch", () => {
    let history = recordAttempt(NO_ATTEMPTS, T0);
    history = recordOptionSwitch(history, T0 + 70_000);
    history = recordAttempt(history, T0 + 120_000);
    expect(history).toEqual({ lastAttemptAt: T0 + 120_000, lastOptionChangeAt: T0 + 70_000 });
    expect(checkOptionSwitch(history, T0 + 130_000)).toEqual({ ok: true });
  });
});

test("waits are shown in whole seconds, rounded up", () => {
  expect(secondsText(1, english)).toBe("1 second");
  expect(secondsText(1_000, english)).toBe("1 second");
  expect(secondsText(1_001, english)).toBe("2 seconds");
  expect(secondsText(29_999, english)).toBe("30 seconds");
});
