/**
 * /api/admin (docs/product.md, Screens; Calls; docs/decisions/011): the operator's portal API. Only the session routes
 * answer a signed-out browser; every other route is behind `requireAdmin` (services/admin-access.ts),
 * and every POST or DELETE must come from the portal's own origin.
 */
import { Hono, type MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AdminSessionResponse } from "@jplay/schema/admin";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { AppError, badRequest, forbidden, unauthorized } from "../errors";
import { adminArtistLinkRoutes } from "./admin-artist-links";
import { adminArtistSessionRoutes } from "./admin-artist-sessions";
import { adminCatalogueRoutes } from "./admin-catalogue";
import { adminFundingRoutes } from "./admin-funding";
import { adminMessageRoutes } from "./admin-messages";
import { adminReviewRoutes } from "./admin-review";
import { adminSongMediaRoutes } from "./admin-song-media";
import { adminSongRoutes } from "./admin-songs";
import { adminMethod, adminOperator, endAdminSession, isAdminRequest, isSameOriginRequest, passwordMatches, startAdminSession } from "../services/admin-access";
import { readArtistDetails } from "../services/admin-artist-details";
import { listFailedJobs } from "../services/admin-failed-jobs";
import { listPaymentMismatches } from "../services/admin-payment-mismatches";
import { listAdminRefunds } from "../services/admin-refunds";
import { listAdminPayments } from "../services/admin-payments";
import { createRetryBatch, NO_FAILED_PAYMENTS_MESSAGE, readRetryBatch, RETRY_BATCH_MAX_ITEMS } from "../services/admin-retry";
import type { JobQueue } from "../jobs/job";
import { claimSignInTry, releaseSignInTry } from "../services/admin-sign-in-guard";
import { clientAddress } from "../services/rate-limit";
import { jsonBody } from "../validation";

export { SIGN_IN_FAILURES_OVERALL_PER_HOUR, SIGN_IN_FAILURES_PER_ADDRESS } from "../services/admin-sign-in-guard";

const SignInSchema = v.object({
  password: v.pipe(v.string("Enter the admin password."), v.nonEmpty("Enter the admin password."), v.maxLength(1024, "Wrong password")),
});

const id = (name: string) => v.pipe(v.string(`${name} is required.`), v.nonEmpty(`${name} is required.`), v.maxLength(200, `${name} is too long.`));

/** `POST /api/admin/payments/retry`: the shape only; ownership and amounts are the service's. */
const RetryRequestSchema = v.object({
  payments: v.pipe(
    v.array(
      v.object(
        {
          paymentMethodId: id("paymentMethodId"),
          artistId: id("artistId"),
          songId: v.nullish(id("songId"), null),
          // Accepted for the product's shape and ignored: the server charges its own amounts.
          amount: v.optional(v.unknown()),
        },
        "Each payment needs a paymentMethodId and an artistId.",
      ),
      NO_FAILED_PAYMENTS_MESSAGE,
    ),
    v.maxLength(RETRY_BATCH_MAX_ITEMS, `At most ${RETRY_BATCH_MAX_ITEMS} payments can be retried at once. Select fewer and try again.`),
  ),
});

const sameOriginForChanges: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method) && !isSameOriginRequest(c.env, c.req.raw)) {
    throw forbidden("Admin changes must be made from the admin portal itself.");
  }
  await next();
};

const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!adminMethod(c.env)) throw unauthorized("The admin portal is closed: no operator sign-in is configured.");
  const operator = await adminOperator(c);
  if (!operator) throw unauthorized("Sign in to the admin portal.");
  c.set("operator", operator);
  await next();
};

const sessionAnswer = async (c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<AdminSessionResponse> => ({
  signedIn: await isAdminRequest(c),
  method: adminMethod(c.env),
});

export const adminRoutes = new Hono<AppEnv>()
  .use("*", sameOriginForChanges)
  .get("/session", async (c) => c.json(await sessionAnswer(c)))
  .post("/session", jsonBody(SignInSchema), async (c) => {
    const method = adminMethod(c.env);
    if (method === null) throw unauthorized("The admin portal is closed: no operator sign-in is configured.");
    if (method === "access") throw badRequest("This portal signs operators in through Cloudflare Access.");
    // Counted as a wrong password before the comparison; a right one gives its slot back.
    const attempt = await claimSignInTry(c.env.DB, clientAddress(c.req.raw.headers));
    if (!(await passwordMatches(c.env, c.req.valid("json").password))) throw new AppError(401, "wrong_password", "Wrong password");
    await releaseSignInTry(c.env.DB, attempt);
    await startAdminSession(c);
    return c.json({ signedIn: true, method } satisfies AdminSessionResponse);
  })
  .delete("/session", async (c) => {
    await endAdminSession(c);
    return c.json({ signedIn: false, method: adminMethod(c.env) } satisfies AdminSessionResponse);
  })
  // Everything below needs a signed-in operator.
  .use("*", requireAdmin)
  .get("/payments", async (c) => c.json(await listAdminPayments(c.env.DB)))
  .post("/payments/retry", jsonBody(RetryRequestSchema), async (c) =>
    c.json(await createRetryBatch({ d1: c.env.DB, jobs: c.env.JOBS as JobQueue }, c.req.valid("json").payments)),
  )
  .get("/payments/retry/:batchId", async (c) => c.json(await readRetryBatch(c.env.DB, c.req.param("batchId"))))
  .get("/artists/:artistId", async (c) => c.json(await readArtistDetails(c.env.DB, c.req.param("artistId"))))
  .get("/failed-jobs", async (c) => c.json(await listFailedJobs(createDb(c.env.DB))))
  .get("/payment-mismatches", async (c) => c.json(await listPaymentMismatches(createDb(c.env.DB))))
  .get("/refunds", async (c) => c.json(await listAdminRefunds(createDb(c.env.DB))))
  .route("/", adminArtistLinkRoutes)
  .route("/", adminArtistSessionRoutes)
  .route("/", adminFundingRoutes)
  .route("/", adminMessageRoutes)
  .route("/", adminSongRoutes)
  .route("/", adminCatalogueRoutes)
  .route("/", adminReviewRoutes)
  .route("/", adminSongMediaRoutes);
