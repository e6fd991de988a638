/**
 * A Turnstile challenge in front of a request, for clients the payment-setup limits find suspicious
 * (payments/cards/setup-challenges.ts decides who; docs/decisions/084). A request carrying no token is
 * answered 428 `challenge_required` with the site key the browser's widget needs; a token siteverify
 * refuses (made up, spent, expired, another site's) 403 `challenge_failed`; and when no challenge can
 * be given — Turnstile's keys are not configured, or siteverify cannot be reached — 503
 * `challenge_unavailable`: a request that must be challenged is never let through unchallenged. It
 * runs before the request's own counts move, so a refused request writes nothing.
 */
import { CHALLENGE_TOKEN_HEADER } from "@jplay/schema/payments";
import type { Ctx } from "./context";
import { AppError } from "./errors";
import { turnstileKeys, verifyTurnstileToken } from "./turnstile";

export const CHALLENGE_REQUIRED = /*i18n*/ "Please confirm you are not a robot to continue: many payment setups came from your network or to JPlay just now.";
export const CHALLENGE_FAILED = /*i18n*/ "The check that you are not a robot did not pass or has expired. Please try it again.";
export const CHALLENGE_UNAVAILABLE = /*i18n*/ "Payment setup cannot check visitors right now. Please try again in a few minutes.";

const logged = new Set<string>();

function unavailable(reason: string): AppError {
  if (!logged.has(reason)) {
    logged.add(reason);
    console.error(JSON.stringify({ level: "error", msg: "a payment setup needed a challenge and none could be given", reason }));
  }
  return new AppError(503, "challenge_unavailable", CHALLENGE_UNAVAILABLE);
}

/** Resolves when this request passed a challenge; throws the 428, 403 or 503 otherwise. */
export async function passChallenge(ctx: Ctx, headers: Headers): Promise<void> {
  const keys = turnstileKeys(ctx.env);
  if (!keys) throw unavailable("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are not both configured");
  const token = headers.get(CHALLENGE_TOKEN_HEADER)?.trim();
  if (!token) throw new AppError(428, "challenge_required", CHALLENGE_REQUIRED, {}, undefined, { siteKey: keys.siteKey });
  const verdict = await verifyTurnstileToken(ctx.env, keys, token, headers.get("CF-Connecting-IP"));
  if (verdict.kind === "passed") return;
  if (verdict.kind === "unreachable") throw unavailable(verdict.reason);
  throw new AppError(403, "challenge_failed", CHALLENGE_FAILED, {}, undefined, { siteKey: keys.siteKey });
}
