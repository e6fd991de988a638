/**
 * Cloudflare Turnstile, as the server sees it: the site's keys and the siteverify call that tells
 * whether a token a browser sent was solved, is unspent and is this site's
 * (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). Where payments
 * go to the local Stripe sandbox (development and tests, platform/stripe-client.ts), siteverify goes
 * to the Turnstile stand-in in the same Worker (workers/stripe-sandbox/src/http/turnstile.ts) through the
 * local-only binding, so nothing reaches the network; everywhere else to Cloudflare. Who must pass a
 * challenge, and what a refusal answers, is platform/challenge.ts.
 */
import { paymentsProvider } from "./stripe-client";

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** The stand-in's siteverify, reached through the STRIPE_SANDBOX binding (any host reaches that Worker). */
const STAND_IN_SITEVERIFY_URL = "https://stripe-sandbox.local/turnstile/v0/siteverify";
/** A siteverify that has not answered by then is treated as unreachable. */
const SITEVERIFY_TIMEOUT_MS = 10_000;
/** Cloudflare reads at most this many characters of a token; a longer one is not sent. */
const MAX_TOKEN_LENGTH = 2048;

export interface TurnstileKeys {
  siteKey: string;
  secretKey: string;
}

/** The site's keys, or null when either is missing (a challenge then cannot be given). */
export function turnstileKeys(env: Env): TurnstileKeys | null {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim();
  const secretKey = env.TURNSTILE_SECRET_KEY?.trim();
  return siteKey && secretKey ? { siteKey, secretKey } : null;
}

export type Verdict = { kind: "passed" } | { kind: "failed"; errorCodes: string[] } | { kind: "unreachable"; reason: string };

/** Asks siteverify about `token`, once (a token is single-use: a retry would read "duplicate"). */
export async function verifyTurnstileToken(env: Env, keys: TurnstileKeys, token: string, remoteIp: string | null): Promise<Verdict> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { kind: "failed", errorCodes: ["invalid-input-response"] };
  const body = new URLSearchParams({ secret: keys.secretKey, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  const provider = paymentsProvider(env);
  const standIn = provider.kind === "sandbox" ? provider.sandbox : null;
  const request = new Request(standIn ? STAND_IN_SITEVERIFY_URL : SITEVERIFY_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
    signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
  });
  let answer: Response;
  try {
    answer = standIn ? await standIn.fetch(request) : await fetch(request);
  } catch (error) {
    return { kind: "unreachable", reason: String(error) };
  }
  if (!answer.ok) return { kind: "unreachable", reason: `siteverify answered ${answer.status}` };
  const result = await answer.json<{ success?: unknown; "error-codes"?: unknown }>().catch(() => null);
  if (!result || typeof result.success !== "boolean") return { kind: "unreachable", reason: "siteverify answered no verdict" };
  if (result.success) return { kind: "passed" };
  const errorCodes = Array.isArray(result["error-codes"]) ? result["error-codes"].filter((code): code is string => typeof code === "string") : [];
  // Our own secret refused is our fault, not the visitor's: no token could pass.
  if (errorCodes.some((code) => code === "missing-input-secret" || code === "invalid-input-secret"))
    return { kind: "unreachable", reason: `siteverify refused the secret (${errorCodes.join(", ")})` };
  return { kind: "failed", errorCodes };
}
