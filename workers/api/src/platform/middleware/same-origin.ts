/**
 * Cross-site writes are refused (docs/security.md): a state-changing /api call whose Origin header names
 * another site answers 403. The artist's session cookie is SameSite=Lax, so a cross-site POST already
 * arrives without it; this makes the refusal explicit, and covers calls that need no cookie at all.
 * Browsers send Origin on every POST, PUT, PATCH and DELETE
 * (https://fetch.spec.whatwg.org/#origin-header); requests without one (server to server, curl)
 * pass here, and the admin API insists on a matching Origin on its own (admin/routes/index.ts).
 * Webhooks, provider reports and the Stripe sandbox are exempt: they are authenticated by signatures
 * and keys, and the sandbox's hosted onboarding page is a form on its own path.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXEMPT_PREFIXES = ["/api/webhooks/", "/api/provider/", "/api/stripe-sandbox/"];

export const CROSS_SITE_MESSAGE = /*i18n*/ "This request came from another website and was refused. Please use JPlay's own pages.";

/** The origins a write may come from: the request's own, and the configured public origin. */
function allowedOrigins(env: Env, request: Request): string[] {
  const allowed = [new URL(request.url).origin];
  if (env.APP_ORIGIN) allowed.push(new URL(env.APP_ORIGIN).origin);
  return allowed;
}

export const refuseCrossSiteWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("Origin");
  if (
    origin !== undefined &&
    !SAFE_METHODS.has(c.req.method) &&
    !EXEMPT_PREFIXES.some((prefix) => c.req.path.startsWith(prefix)) &&
    !allowedOrigins(c.env, c.req.raw).includes(origin)
  ) {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
  await next();
};
