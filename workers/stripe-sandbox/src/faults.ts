/**
 * Failures on demand, for testing how the product copes with Stripe misbehaving: the next N
 * matching requests answer 500 or 429 without doing the work, or do the work and then do not
 * answer (so the client times out after the charge was recorded). `hold_after_commit` also keeps
 * the request's webhook events pending (until `deliver_events` or the cron's retry): the moment to
 * stop the caller's Worker between Stripe recording a charge and the product recording it. Armed
 * faults live in D1, so they hold across requests and isolates.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { apiError, rateLimited } from "./errors";
import { ID_PREFIX, newId } from "./ids";
import { sandboxPath } from "./paths";
import type { StoredObject } from "./store";

export const FAULT_MODES = ["http_500", "http_429", "timeout_after_commit", "hold_after_commit"] as const;
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
  created: number;
}

export const buildFault = (mode: FaultMode, count: number, pathPrefix: string | null, now: number): SandboxFault => ({
  id: newId(ID_PREFIX.fault),
  object: "sandbox.fault",
  mode,
  remaining: count,
  path_prefix: pathPrefix,
  created: now,
});

export async function clearFaults(db: D1Database): Promise<number> {
  const result = await db.prepare("DELETE FROM sandbox_objects WHERE object = 'sandbox.fault'").run();
  return result.meta.changes;
}

/** Consumes one armed fault matching `path` (oldest first), atomically. */
export async function takeFault(db: D1Database, path: string): Promise<FaultMode | null> {
  const taken = await db
    .prepare(
      `UPDATE sandbox_objects SET data = json_set(data, '$.remaining', json_extract(data, '$.remaining') - 1)
       WHERE id = (
         SELECT id FROM sandbox_objects
         WHERE object = 'sandbox.fault' AND json_extract(data, '$.remaining') > 0
           AND (json_extract(data, '$.path_prefix') IS NULL
                OR substr(?1, 1, length(json_extract(data, '$.path_prefix'))) = json_extract(data, '$.path_prefix'))
         ORDER BY rowid LIMIT 1)
       AND json_extract(data, '$.remaining') > 0
       RETURNING id, json_extract(data, '$.mode') AS mode, json_extract(data, '$.remaining') AS remaining`,
    )
    .bind(path)
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

/** Runs after authentication and before idempotency, so a 500 here is not stored for the key. */
export const injectFaults: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = sandboxPath(c.req.path);
  if (path.startsWith("/v1/test_helpers/")) return next();
  const mode = await takeFault(c.env.DB, path);
  if (mode === "http_500") throw apiError();
  if (mode === "http_429") throw rateLimited();
  if (mode === "hold_after_commit") webhooksHeld.add(c.req.raw);
  await next();
  if (mode === "timeout_after_commit" || mode === "hold_after_commit") await holdBack(TIMEOUT_HOLD_MS, c.req.raw.signal);
};
