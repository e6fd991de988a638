/**
 * The reachability probe's contract: `GET /api/health` answers `HEALTH_BODY` (the Worker's
 * worker/routes/health.ts), and the browser (apps/web/src/lib/network-status.ts) counts an answer as the
 * server only when it is this body; a captive portal or a filtering proxy answers something else.
 */
export const HEALTH_PATH = "/api/health";

export const HEALTH_BODY = { reachable: true } as const;

/** True when `body` is the Worker's answer to the probe. */
export const isHealthBody = (body: unknown): boolean =>
  typeof body === "object" && body !== null && (body as { reachable?: unknown }).reachable === HEALTH_BODY.reachable;
