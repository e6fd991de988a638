/**
 * Security headers on every answer the Worker gives (Hono's secureHeaders). The API answers JSON and
 * media, never a page, so its Content-Security-Policy allows nothing at all: a response opened as a
 * document (an uploaded file, an error) can run no script, load nothing and be framed by no one.
 * The Stripe sandbox's pages (development and tests only) get what their one form needs. HSTS is
 * sent in production only. The SPA's own headers are in apps/web/public/_headers, because Workers
 * static assets serve it without the Worker (docs/decisions/048-security-headers.md).
 * Headers a route set itself (e.g. the artist page's `Referrer-Policy: no-referrer`) are kept.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env";
import { isDevelopment } from "../environment";
import { STRIPE_SANDBOX_PREFIX } from "../stripe-client";

/** Two years; subdomains too. Not preloaded: that is a commitment for the whole domain. */
export const HSTS = "max-age=63072000; includeSubDomains";

const API_POLICY = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/** The sandbox's hosted onboarding page: its own inline <style>, and a form posting to itself. */
const SANDBOX_PAGE_POLICY = {
  defaultSrc: ["'none'"],
  styleSrc: ["'unsafe-inline'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
};

const headersFor = (contentSecurityPolicy: Record<string, string[]>, hsts: boolean) =>
  secureHeaders({
    contentSecurityPolicy,
    strictTransportSecurity: hsts ? HSTS : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    permissionsPolicy: { accelerometer: [], camera: [], geolocation: [], gyroscope: [], magnetometer: [], microphone: [], payment: [], usb: [] },
    overwrite: false,
  });

const production = headersFor(API_POLICY, true);
const development = headersFor(API_POLICY, false);
const sandboxPages = headersFor(SANDBOX_PAGE_POLICY, false);

export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!isDevelopment(c.env)) return production(c, next);
  return c.req.path.startsWith(`${STRIPE_SANDBOX_PREFIX}/`) ? sandboxPages(c, next) : development(c, next);
};
