/**
 * /api/admin/refunds: the refunds of rejected songs' fees (docs/decisions/025-refunds-of-rejected-songs.md).
 * - `GET /refunds`: each with its status; how many failed and how many wait for funds.
 * - `POST /refunds/{refundId}/retry`: a failed refund sent again as a new Stripe refund (audited;
 *   refunds/retry-failed-refund.ts).
 */
import { Hono } from "hono";
import type { AdminRefundRetry } from "@jplay/schema/refunds";
import type { AppEnv } from "../../platform/env";
import { listAdminRefunds, retryFailedRefund } from "../../refunds/index";

export const adminRefundRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listAdminRefunds(c.var.ctx)))
  .post("/:refundId/retry", async (c) => c.json<AdminRefundRetry>(await retryFailedRefund(c.var.ctx, c.req.param("refundId"), c.var.operator!)));
