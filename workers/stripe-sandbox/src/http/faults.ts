/**
 * Failures on demand, for testing how the product copes with Stripe misbehaving. Each armed fault is
 * spent by the next N matching requests:
 * - `http_500`: the request reached the API (its idempotency key was claimed) and failed before doing
 *   any work. Stripe saves the result of a request once its endpoint began, 500s included, and
 *   replays it for the key's 24 hours (https://docs.stripe.com/api/idempotent_requests): so does the
 *   sandbox; only a new key runs the request again.
 * - `http_500_after_commit`: the work was done (a charge recorded, its events sent), yet the answer,
 *   stored under the key and replayed, is a 500: the unkind case that makes a caller look up what
 *   happened instead of guessing (https://docs.stripe.com/error-low-level#server-errors).
 * - `http_500_before_key`: a 500 from in front of the API (the request never reached it): nothing is
 *   stored, and a retry with the same key runs the request.
 * - `http_429`: rate limited, also in front of the idempotency layer, so nothing is stored.
 * - `timeout_after_commit`: the work is done and the answer held back past the client's timeout.
 *   `hold_after_commit` also keeps the request's webhook events pending (until `deliver_events` or a
 *   retry): the moment to stop the caller's Worker between Stripe recording a charge and the product
 *   recording it.
 * A request whose key already holds an answer spends a fault and gets that answer, as on Stripe.
 * Armed faults live in D1, so they hold across requests and isolates.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { apiError, rateLimited } from "./errors";
import { ID_PREFIX, newId } from "../store/ids";
import { sandboxPath } from "./paths";
import type { StoredObject } from "../store/store";

export const FAULT_MODES = ["http_500", "http_500_after_commit", "http_500_before_key", "http_429", "timeout_after_commit", "hold_after_commit"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** How long a `timeout_after_commit` or `hold_after_commit` answer is held back: past the SDK's timeout, yet bounded. */
export const TIMEOUT_HOLD_MS = 25_000;

/** Requests under `hold_after_commit`: their events are not delivered in the background. */
const webhooksHeld = new WeakSet<Request>();

export const holdsWebhooks = (request: Request): boolean => webhooksHeld.has(request);

export interface SandboxFault extends StoredObject {
  object: "sandbox.fault";
  mode: FaultMode;
  remaining: number;
  path_prefix: string | null;
  /** Only requests with this method (e.g. POST, so a lookup by GET is not the one that fails); null: any. */
  method: string | null;
  created: number;
}

export const buildFault = (mode: FaultMode, count: number, pathPrefix: string | null, method: string | null, now: number): SandboxFault => ({
  id: newId(ID_PREFIX.fault),
  object: "sandbox.fault",
  mode,
  remaining: count,
  path_prefix: pathPrefix,
  method,
  created: now,
});

export async function clearFaults(db: D1Database): Promise<number> {
  const result = await db.prepare("DELETE FROM sandbox_objects WHERE object = 'sandbox.fault'").run();
  return result.meta.changes;
}

/** Consumes one armed fault matching `method` and `path` (oldest first), atomically. */
export async function takeFault(db: D1Database, method: string, path: string): Promise<FaultMode | null> {
  const taken = await db
    .prepare(
      `UPDATE sandbox_objects SET data = json_set(data, '$.remaining', json_extract(data, '$.remaining') - 1)
       WHERE id = (
         SELECT id FROM sandbox_objects
         WHERE object = 'sandbox.fault' AND json_extract(data, '$.remaining') > 0
           AND (json_extract(data, '$.path_prefix') IS NULL
                OR substr(?1, 1, length(json_extract(data, '$.path_prefix'))) = json_extract(data, '$.path_prefix'))
           AND (json_extract(data, '$.method') IS NULL OR json_extract(data, '$.method') = ?2)
         ORDER BY rowid LIMIT 1)
       AND json_extract(data, '$.remaining') > 0
       RETURNING id, json_extract(data, '$.mode') AS mode, json_extract(data, '$.remaining') AS remaining`,
    )
    .bind(path, method)
    .first<{ id: string; mode: FaultMode; remaining: number }>();
  if (!taken) return null;
  if (taken.remaining <= 0) await db.prepare("DELETE FROM sandbox_objects WHERE id = ?").bind(taken.id).run();
  return taken.mode;
}

/** Resolves after `ms`, or as soon as the caller gives up (its request is aborted). */
function holdBack(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
    if (signal?.aborted) done();
  });
}

/**
 * Runs after authentication and before idempotency: a 429 or `http_500_before_key` here is not stored
 * for the key; `http_500` and `http_500_after_commit` are left to the endpoint (context.ts), which
 * runs once the key is claimed, so their 500 is stored and replayed.
 */
export const injectFaults: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = sandboxPath(c.req.path);
  if (path.startsWith("/v1/test_helpers/")) return next();
  const mode = await takeFault(c.env.DB, c.req.method, path);
  if (mode === "http_500_before_key") throw apiError();
  if (mode === "http_429") throw rateLimited("endpoint-rate");
  if (mode === "http_500" || mode === "http_500_after_commit") c.set("fault", mode);
  if (mode === "hold_after_commit") webhooksHeld.add(c.req.raw);
  await next();
  if (mode === "timeout_after_commit" || mode === "hold_after_commit") await holdBack(TIMEOUT_HOLD_MS, c.req.raw.signal);
};
