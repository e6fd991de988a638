/**
 * /api/admin (docs/product.md, Screens; Calls; docs/decisions/011-admin-access.md): the operator's
 * portal API, one file per URL prefix in this folder (`/api/admin/<prefix>` → `<prefix>.ts`). Only the
 * session routes answer a signed-out browser; every other route is behind `requireAdmin`
 * (access/admin-access.ts), which names the operator, and every POST or DELETE must come from the
 * portal's own origin.
 */
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../platform/env";
import { forbidden, unauthorized } from "../../platform/errors";
import { adminMethod, adminOperator, isSameOriginRequest } from "../../access/index";
import { adminArtistRoutes } from "./artists";
import { adminAuditRoutes } from "./audit";
import { adminTermListRoutes } from "./term-lists";
import { adminCatalogueRoutes } from "./catalogue";
import { adminCollaboratorRoutes } from "./collaborators";
import { adminDisputeRoutes } from "./disputes";
import { adminDownloadCreditRoutes } from "./download-credits";
import { adminFacilityRoutes } from "./facilities";
import { adminFailedJobRoutes } from "./failed-jobs";
import { adminFeaturedRoutes } from "./featured";
import { adminFundingRoutes } from "./funding";
import { adminMessageRoutes } from "./messages";
import { adminPaymentMismatchRoutes } from "./payment-mismatches";
import { adminPurchaseMismatchRoutes } from "./purchase-mismatches";
import { adminPaymentRoutes } from "./payments";
import { adminReceiptRoutes } from "./receipts";
import { adminRedemptionRoutes } from "./redemptions";
import { adminRecoveryPaymentRoutes } from "./recovery-payments";
import { adminRefundRoutes } from "./refunds";
import { adminReviewRoutes } from "./review";
import { adminRevenueRoutes } from "./revenue";
import { adminSessionRoutes } from "./session";
import { adminSettlementRoutes } from "./settlements";
import { adminSmsOptOutRoutes } from "./sms-opt-outs";
import { adminSongRoutes } from "./songs";
import { adminTaxYearRoutes } from "./tax-year";

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

export const adminRoutes = new Hono<AppEnv>()
  .use("*", sameOriginForChanges)
  .route("/session", adminSessionRoutes)
  // Everything below needs a signed-in operator.
  .use("*", requireAdmin)
  .route("/payments", adminPaymentRoutes)
  .route("/recovery-payments", adminRecoveryPaymentRoutes)
  .route("/artists", adminArtistRoutes)
  .route("/songs", adminSongRoutes)
  .route("/collaborators", adminCollaboratorRoutes)
  .route("/revenue", adminRevenueRoutes)
  .route("/receipts", adminReceiptRoutes)
  .route("/redemptions", adminRedemptionRoutes)
  .route("/download-credits", adminDownloadCreditRoutes)
  .route("/review", adminReviewRoutes)
  .route("/catalogue", adminCatalogueRoutes)
  .route("/facilities", adminFacilityRoutes)
  .route("/featured", adminFeaturedRoutes)
  .route("/funding", adminFundingRoutes)
  .route("/tax-year", adminTaxYearRoutes)
  .route("/settlements", adminSettlementRoutes)
  .route("/messages", adminMessageRoutes)
  .route("/sms-opt-outs", adminSmsOptOutRoutes)
  .route("/failed-jobs", adminFailedJobRoutes)
  .route("/payment-mismatches", adminPaymentMismatchRoutes)
  .route("/purchase-mismatches", adminPurchaseMismatchRoutes)
  .route("/refunds", adminRefundRoutes)
  .route("/disputes", adminDisputeRoutes)
  .route("/term-lists", adminTermListRoutes)
  .route("/audit", adminAuditRoutes);
