/**
 * The offer screen's own pacing of payment attempts (docs/product.md, States and flows; Prices and limits): at most one attempt per
 * 30,000 ms, and once an attempt was made the fee option may switch only 60,000 ms after the last
 * change. The server enforces the same limits (429); checking here first spares the artist a round
 * trip and lets the screen say how long to wait. Pure functions of a small history, easy to test.
 */
import { FEE_OPTION_SWITCH_INTERVAL_MS, PAYMENT_ATTEMPT_INTERVAL_MS } from "@jplay/schema/pricing";
import { english, type Translator } from "@/lib/i18n";

export interface AttemptHistory {
  /** When the last payment attempt started (ms since epoch), or null before the first. */
  lastAttemptAt: number | null;
  /** When the fee option last took effect: the first attempt fixes it, every switch after moves it. */
  lastOptionChangeAt: number | null;
}

export const NO_ATTEMPTS: AttemptHistory = { lastAttemptAt: null, lastOptionChangeAt: null };

export type RuleCheck = { ok: true } | { ok: false; waitMs: number };

/** May a new payment attempt start now? */
export function checkAttempt(history: AttemptHistory, now: number): RuleCheck {
  if (history.lastAttemptAt === null) return { ok: true };
  const waitMs = history.lastAttemptAt + PAYMENT_ATTEMPT_INTERVAL_MS - now;
  return waitMs > 0 ? { ok: false, waitMs } : { ok: true };
}

/** May the artist switch the fee option now? Before any attempt the choice is free. */
export function checkOptionSwitch(history: AttemptHistory, now: number): RuleCheck {
  if (history.lastAttemptAt === null || history.lastOptionChangeAt === null) return { ok: true };
  const waitMs = history.lastOptionChangeAt + FEE_OPTION_SWITCH_INTERVAL_MS - now;
  return waitMs > 0 ? { ok: false, waitMs } : { ok: true };
}

/** The history after an attempt started at `now`; the first attempt fixes the option in place. */
export const recordAttempt = (history: AttemptHistory, now: number): AttemptHistory => ({
  lastAttemptAt: now,
  lastOptionChangeAt: history.lastOptionChangeAt ?? now,
});

/** The history after a switch accepted at `now`. */
export const recordOptionSwitch = (history: AttemptHistory, now: number): AttemptHistory =>
  history.lastAttemptAt === null ? history : { ...history, lastOptionChangeAt: now };

/** "1 second" / "12 seconds", rounded up so the artist never retries a moment too soon. */
export function secondsText(waitMs: number, i18n: Translator = english): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return seconds === 1 ? i18n._("1 second") : i18n._("{seconds} seconds", { seconds });
}
