/**
 * Every /api request body has a size limit, checked while it is read and before any route does any
 * work (limits per route in src/platform/limits.ts). A body declared larger than its limit is refused at once;
 * any other body is counted as it arrives with Hono's bodyLimit and refused the moment it crosses the
 * limit, so a chunked body, one without a Content-Length, or one whose Content-Length is smaller than
 * what follows cannot slip past. (Hono's bodyLimit believes a Content-Length when there is one, and a
 * request handed to the Worker in-process — a service binding, a test — can carry more bytes than it
 * declares, so the header is taken away from the request it reads.) The song upload streams its body
 * and counts it itself (distribution/receive-song-upload.ts): only its declared length is checked here.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { bodyRuleFor, type BodyRule } from "../limits";

const refuse = (rule: BodyRule, path: string, declared: string | undefined): never => {
  // Stripe retries a refused event: an operator must hear of it, or the event is lost after the retries.
  if (path.startsWith("/api/webhooks/"))
    console.warn(JSON.stringify({ level: "warn", msg: "webhook body over its limit", path, declared: declared ?? null, limit: rule.maxBytes }));
  throw new AppError(413, "payload_too_large", rule.message, {}, rule.values);
};

/** The same request without its Content-Length, so the body is counted instead of believed. */
function withoutDeclaredLength(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  return new Request(request, { headers });
}

export const limitRequestBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.raw.body) return next();
  const rule = bodyRuleFor(c.req.path);
  const declared = c.req.header("Content-Length");
  if (declared !== undefined && !(Number(declared) <= rule.maxBytes)) refuse(rule, c.req.path, declared);
  if (rule.streamed) return next();
  c.req.raw = withoutDeclaredLength(c.req.raw);
  return bodyLimit({ maxSize: rule.maxBytes, onError: () => refuse(rule, c.req.path, declared) })(c, next);
};
