/**
 * The root Hono app: request ids, security headers, the one error handler, and the /api mounts.
 * Before any route runs, a cross-site write is refused and the body's size is limited while it is
 * read (platform/middleware/). `/` is Home rendered on the server (catalogue/routes/home-page.ts);
 * `/artist/{token}` trades an artist page link for a cookie (artist/routes/link-page.ts);
 * `/.well-known/jwks.json` publishes the receipt keys (provider/routes/jwks.ts). Other paths outside /api
 * are the SPA's (static assets with SPA fallback, wrangler.toml [assets]), whose headers come from
 * apps/web/public/_headers.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import type { ApiErrorBody } from "@jplay/schema/song";
import type { AppEnv } from "../platform/env";
import { errorLanguage, messageIn } from "../platform/error-language";
import { AppError } from "../platform/errors";
import { limitRequestBody } from "../platform/middleware/body-limit";
import { requestContext } from "../platform/middleware/request-context";
import { servePublicOriginOnly } from "../platform/middleware/public-origin";
import { refuseCrossSiteWrites } from "../platform/middleware/same-origin";
import { securityHeaders } from "../platform/middleware/security-headers";
import { adminRoutes } from "../admin/index";
import { artistLinkPage, artistRoutes, meRoutes } from "../artist/index";
import { collaboratorLinkPage, collaboratorRoutes } from "../splits/index";
import { artistsRoutes, configRoutes, homePage, listenerPage, songsRoutes, videosRoutes } from "../catalogue/index";
import { createPaymentIntentRoutes, createSetupIntentRoutes, getOrCreateSubscriptionRoutes, savePaymentMethodRoutes, webhookRoutes } from "../payments/index";
import { devRoutes } from "./routes/dev";
import { distributeRoutes, distributePage } from "../distribution/index";
import { healthRoutes } from "./routes/health";
import { JWKS_PATH, providerRoutes, receiptJwks } from "../provider/index";
import { smsRoutes } from "../texts/index";
import { stripeSandboxPassThrough } from "./routes/stripe-sandbox";
import { loggablePath } from "../platform/log-redaction";
import { loggableError } from "../platform/loggable-error";

const errorBody = (code: ApiErrorCode, message: string, details?: Readonly<Record<string, string>>): ApiErrorBody => ({ error: { ...details, code, message } });

/** Every router is mounted under its URL's first segment: `/api/<prefix>/…` is handled by the routes/ of the module that owns it (docs/architecture.md, "Layers"). */
const api = new Hono<AppEnv>()
  .route("/health", healthRoutes)
  .route("/songs", songsRoutes)
  .route("/artists", artistsRoutes)
  .route("/videos", videosRoutes)
  .route("/config", configRoutes)
  .route("/create-setup-intent", createSetupIntentRoutes)
  .route("/save-payment-method", savePaymentMethodRoutes)
  .route("/distribute", distributeRoutes)
  .route("/create-payment-intent", createPaymentIntentRoutes)
  .route("/get-or-create-subscription", getOrCreateSubscriptionRoutes)
  .route("/me", meRoutes)
  .route("/artist", artistRoutes)
  .route("/collaborator", collaboratorRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/provider", providerRoutes)
  .route("/sms", smsRoutes)
  .route("/admin", adminRoutes)
  // Development and tests only: the browser's way to the Stripe sandbox Worker (docs/decisions/018-stripe-sandbox-worker.md).
  .route("/stripe-sandbox", stripeSandboxPassThrough)
  // Local servers only: counters for the benchmarks (worker/routes/dev.ts).
  .route("/dev", devRoutes);

export const app = new Hono<AppEnv>()
  .use("*", requestId())
  .use("*", requestContext)
  .use("/api/*", securityHeaders)
  .use("*", servePublicOriginOnly)
  .use("/api/*", refuseCrossSiteWrites)
  .use("/api/*", limitRequestBody)
  .route("/api", api)
  .all("/api/*", (c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404))
  .get("/", homePage)
  .get("/distribute", distributePage)
  .get("/browse", listenerPage)
  .get("/songs", listenerPage)
  .get("/songs/:songId", listenerPage)
  .get("/genres/:genre", listenerPage)
  .get("/artists/:slug", listenerPage)
  .get("/search", listenerPage)
  .get("/artist/:token", artistLinkPage)
  .get("/collaborator/:token", collaboratorLinkPage)
  .get(JWKS_PATH, receiptJwks)
  // Requests reach here for /api/* only in production; tests and other entry points get the SPA too.
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

const UNREADABLE_REQUEST = /*i18n*/ "The request could not be read.";
const INTERNAL_ERROR = /*i18n*/ "Something went wrong on our side. Please try again.";

app.onError((err, c) => {
  const language = errorLanguage(c);
  if (err instanceof AppError)
    return c.json(errorBody(err.code, messageIn(language, err.template, err.message, err.values), err.details), err.status, err.headers);
  // Hono's own refusals (e.g. the JSON validator's "Malformed JSON in request body") are the client's fault.
  if (err instanceof HTTPException && err.status < 500) {
    return c.json(errorBody("bad_request", err.message || messageIn(language, UNREADABLE_REQUEST, UNREADABLE_REQUEST)), err.status);
  }
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), path: loggablePath(c.req.path), ...loggableError(err) }));
  return c.json(errorBody("internal", messageIn(language, INTERNAL_ERROR, INTERNAL_ERROR)), 500);
});
