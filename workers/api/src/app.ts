/**
 * The root Hono app: request ids, security headers, the one error handler, and the /api mounts.
 * Before any route runs, a cross-site write is refused and the body's size is limited while it is
 * read (middleware/). Paths outside /api are the SPA's (static assets with SPA fallback, wrangler.toml
 * [assets]), whose headers come from apps/web/public/_headers.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { ApiErrorBody } from "@jplay/schema/song";
import type { AppEnv } from "./env";
import { AppError } from "./errors";
import { limitRequestBody } from "./middleware/body-limit";
import { refuseCrossSiteWrites } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { adminRoutes } from "./routes/admin";
import { artistPageRoutes } from "./routes/artist-page";
import { artistCardRoutes } from "./routes/artist-card";
import { artistStatementRoutes } from "./routes/artist-statements";
import { checkoutRoutes } from "./routes/checkout";
import { connectWebhookRoutes } from "./routes/connect-webhooks";
import { devCounterRoutes } from "./routes/dev-counters";
import { distributionRoutes } from "./routes/distribution";
import { distributionPaymentRoutes } from "./routes/distribution-payment";
import { meRoutes } from "./routes/me";
import { paymentSetupRoutes } from "./routes/payment-setup";
import { providerRoutes } from "./routes/provider";
import { providerReleaseRoutes } from "./routes/provider-releases";
import { smsInboundRoutes } from "./routes/sms-inbound";
import { songsRoutes } from "./routes/songs";
import { stripeSandboxPassThrough } from "./routes/stripe-sandbox-pass-through";
import { subscriptionRoutes } from "./routes/subscription";
import { videosRoutes } from "./routes/videos";
import { webhookRoutes } from "./routes/webhooks";

const errorBody = (code: string, message: string): ApiErrorBody => ({ error: { code, message } });

const api = new Hono<AppEnv>()
  .route("/songs", songsRoutes)
  .route("/videos", videosRoutes)
  .route("/", paymentSetupRoutes)
  .route("/", distributionRoutes)
  .route("/", distributionPaymentRoutes)
  .route("/", checkoutRoutes)
  .route("/", subscriptionRoutes)
  .route("/", webhookRoutes)
  .route("/", providerRoutes)
  .route("/", providerReleaseRoutes)
  .route("/admin", adminRoutes)
  .route("/", artistPageRoutes)
  .route("/", artistCardRoutes)
  .route("/", artistStatementRoutes)
  .route("/", meRoutes)
  .route("/", connectWebhookRoutes)
  .route("/", smsInboundRoutes)
  // Development and tests only: the browser's way to the Stripe sandbox Worker (docs/decisions/018-stripe-sandbox-worker.md).
  .route("/stripe-sandbox", stripeSandboxPassThrough)
  // Local servers only: counters for the benchmarks (routes/dev-counters.ts).
  .route("/dev", devCounterRoutes);

export const app = new Hono<AppEnv>()
  .use("*", requestId())
  .use("/api/*", securityHeaders)
  .use("/api/*", refuseCrossSiteWrites)
  .use("/api/*", limitRequestBody)
  .route("/api", api)
  .all("/api/*", (c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404))
  // Requests reach here for /api/* only in production; tests and other entry points get the SPA too.
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError((err, c) => {
  if (err instanceof AppError) return c.json(errorBody(err.code, err.message), err.status, err.headers);
  // Hono's own refusals (e.g. the JSON validator's "Malformed JSON in request body") are the client's fault.
  if (err instanceof HTTPException && err.status < 500) return c.json(errorBody("bad_request", err.message || "The request could not be read."), err.status);
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), path: c.req.path, error: String(err), stack: err.stack }));
  return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
});

export type ApiType = typeof api;
