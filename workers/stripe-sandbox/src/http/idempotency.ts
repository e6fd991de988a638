/**
 * Stripe's idempotent requests: a POST's `Idempotency-Key` is claimed before any work (an INSERT
 * that fails on conflict, so two concurrent requests cannot both run), then holds the answer to
 * replay byte for byte for 24 hours — 500s included: a retry with the same key gets the same 500 and
 * does not run again (https://docs.stripe.com/api/idempotent_requests). Same key with other
 * parameters is an idempotency_error. Not kept, as on Stripe: answers from in front of the
 * idempotency layer (429 rate limits, a 500 before the key was claimed: faults.ts), the 409 of a
 * request that met a concurrent one with the same key
 * (https://docs.stripe.com/error-low-level#idempotency), and a 400 of parameters that failed
 * validation (errors.ts `validation`): "Results are only saved if an API endpoint started executing",
 * so such a request can be corrected and sent again with the same key
 * (https://docs.stripe.com/api/idempotent_requests).
 *
 * A stored 5xx says `Stripe-Should-Retry: false`, first time and replayed: resending it under the same
 * key could only replay it, and Stripe's SDKs honour the header (stripe-node's RequestSender expects
 * it "false in most cases when a 500 is returned, since our idempotency framework would typically
 * replay it anyway"). A 500 in front of the idempotency layer (faults.ts `http_500_before_key`) has
 * no such header, so the SDK's retry with the same key runs the request.
 *
 * The answer is stored in the same D1 batch as the request's writes (context.ts), as Stripe's is
 * atomic with its work: a process stopped right after the commit cannot leave a charge whose key
 * looks unfinished, which a retry would otherwise run again once the claim is given up.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { keyKind } from "./auth";
import { StripeApiError, idempotencyInProgress, idempotencyMismatch, invalidRequest } from "./errors";
import { bodyText } from "./form";
import { sandboxPath } from "./paths";

/**
 * A claim whose request never finished (its Worker died) is given up after this long: far longer
 * than a sandbox request runs, and safe, since such a request committed nothing (its answer and its
 * work land in one batch).
 */
export const ABANDONED_CLAIM_MS = 10_000;
/** Stripe forgets keys after 24 hours. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const IN_PROGRESS = 0;

export type Claim = { kind: "claimed" } | { kind: "replay"; status: number; body: string } | { kind: "mismatch" } | { kind: "in_progress" };

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function claimIdempotencyKey(db: D1Database, key: string, fingerprint: string): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await db
      .prepare("INSERT INTO sandbox_idempotency (key, request_fingerprint, status, body) VALUES (?, ?, ?, '') ON CONFLICT(key) DO NOTHING RETURNING key")
      .bind(key, fingerprint, IN_PROGRESS)
      .first();
    if (claimed) return { kind: "claimed" };
    const row = await db
      .prepare("SELECT request_fingerprint, status, body, created_at FROM sandbox_idempotency WHERE key = ?")
      .bind(key)
      .first<{ request_fingerprint: string; status: number; body: string; created_at: number }>();
    if (!row) continue; // released meanwhile: claim again
    const age = Date.now() - row.created_at;
    const expired = age > KEY_TTL_MS || (row.status === IN_PROGRESS && age > ABANDONED_CLAIM_MS);
    if (expired) {
      await db.prepare("DELETE FROM sandbox_idempotency WHERE key = ? AND created_at = ?").bind(key, row.created_at).run();
      continue;
    }
    if (row.request_fingerprint !== fingerprint) return { kind: "mismatch" };
    if (row.status === IN_PROGRESS) return { kind: "in_progress" };
    return { kind: "replay", status: row.status, body: row.body };
  }
  return { kind: "in_progress" };
}

/** The write that stores `key`'s answer; endpoints commit it together with the request's objects. */
export function idempotentAnswerStatement(db: D1Database, key: string, status: number, body: string): D1PreparedStatement {
  return db.prepare("UPDATE sandbox_idempotency SET status = ?, body = ? WHERE key = ?").bind(status, body, key);
}

export async function recordIdempotentAnswer(db: D1Database, key: string, status: number, body: string): Promise<void> {
  await idempotentAnswerStatement(db, key, status, body).run();
}

/** The key a request's answer is stored under (scoped per API key), or null without one. */
export function idempotencyScopeOf(c: Context<AppEnv>): string | null {
  const key = c.req.header("Idempotency-Key");
  if (c.req.method !== "POST" || key === undefined) return null;
  // Keys are scoped per API key, so a browser can never be replayed a server's answer.
  return `${keyKind(c)}:${key}`;
}

export async function releaseIdempotencyKey(db: D1Database, key: string): Promise<void> {
  await db.prepare("DELETE FROM sandbox_idempotency WHERE key = ? AND status = ?").bind(key, IN_PROGRESS).run();
}

/** Answers Stripe keeps for a key once the request ran: all but the "try again" ones (409, 429). */
const keepsAnswer = (status: number) => status !== 409 && status !== 429;

/** A stored server error: resending it under its key only replays it. */
const noRetryOf = (status: number): Record<string, string> => (status >= 500 ? { "Stripe-Should-Retry": "false" } : {});

export const idempotentRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  if (c.req.method !== "POST" || key === undefined) return next();
  if (key.length === 0 || key.length > 255) {
    throw invalidRequest("Idempotency keys must be between 1 and 255 characters long.", { param: "Idempotency-Key" });
  }
  const fingerprint = await sha256Hex(`${c.req.method} ${sandboxPath(c.req.path)}\n${await bodyText(c.req)}`);
  const scoped = idempotencyScopeOf(c)!;
  const claim = await claimIdempotencyKey(c.env.DB, scoped, fingerprint);
  if (claim.kind === "mismatch") throw idempotencyMismatch(key);
  if (claim.kind === "in_progress") throw idempotencyInProgress();
  if (claim.kind === "replay") {
    return new Response(claim.body, {
      status: claim.status,
      headers: { "Content-Type": "application/json", "Idempotency-Key": key, "Idempotent-Replayed": "true", ...noRetryOf(claim.status) },
    });
  }
  try {
    await next();
  } catch (error) {
    await releaseIdempotencyKey(c.env.DB, scoped);
    throw error;
  }
  // Hono answers a handler's error itself and leaves it in `c.error`.
  const kept = keepsAnswer(c.res.status) && !(c.error instanceof StripeApiError && c.error.validation);
  if (kept) await recordIdempotentAnswer(c.env.DB, scoped, c.res.status, await c.res.clone().text());
  else await releaseIdempotencyKey(c.env.DB, scoped);
  c.res.headers.set("Idempotency-Key", key);
  if (kept) for (const [name, value] of Object.entries(noRetryOf(c.res.status))) c.res.headers.set(name, value);
};
