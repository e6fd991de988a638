/**
 * Production answers on its one public origin only (`APP_ORIGIN`, e.g. `https://jplay.example`). On any
 * other hostname — the `*.workers.dev` address Cloudflare gives every Worker, where its Cache API does
 * nothing and every Home and catalogue request would reach D1 — a page or read is redirected to the
 * public origin and anything else is refused (421). Without a valid `APP_ORIGIN` production serves
 * nothing (503, logged once), like a missing key: links in texts, signed media links and same-origin
 * checks all depend on it. Development and tests answer on any origin.
 */
import type { MiddlewareHandler } from "hono";
import type { ApiErrorBody } from "@jplay/schema/song";
import type { AppEnv } from "../env";
import { isDevelopment } from "../environment";

let missingOriginLogged = false;

/** `APP_ORIGIN`'s origin when it is an https URL, else null. */
export function publicOrigin(env: { APP_ORIGIN?: string }): string | null {
  if (!env.APP_ORIGIN) return null;
  try {
    const url = new URL(env.APP_ORIGIN);
    return url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

export const servePublicOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isDevelopment(c.env)) return next();
  const origin = publicOrigin(c.env);
  if (!origin) {
    if (!missingOriginLogged) {
      missingOriginLogged = true;
      console.error(
        JSON.stringify({
          level: "error",
          msg: "APP_ORIGIN is missing or not an https URL: production serves nothing without its public origin",
          value: c.env.APP_ORIGIN ?? null,
        }),
      );
    }
    return c.json({ error: { code: "not_configured", message: "This deployment is not configured yet." } } satisfies ApiErrorBody, 503);
  }
  const url = new URL(c.req.url);
  if (url.origin === origin) return next();
  if (c.req.method === "GET" || c.req.method === "HEAD") return c.redirect(new URL(url.pathname + url.search, origin).href, 301);
  return c.json({ error: { code: "misdirected", message: `This service answers at ${origin} only.` } } satisfies ApiErrorBody, 421);
};
