/**
 * /api/admin/disputes: card disputes on JPlay's charges (docs/decisions/093-disputes.md).
 * - `GET /disputes`: every dispute, open ones first with the day Stripe needs the evidence by.
 * - `POST /disputes/{disputeId}/evidence`: sends the distribution's records to Stripe, once (audited).
 */
import { Hono } from "hono";
import type { AdminDispute, AdminDisputesResponse } from "@jplay/schema/disputes";
import type { AppEnv } from "../../platform/env";
import { listAdminDisputes, submitDisputeEvidence } from "../../payments/index";

export const adminDisputeRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<AdminDisputesResponse>(await listAdminDisputes(c.var.ctx)))
  .post("/:disputeId/evidence", async (c) => c.json<AdminDispute>(await submitDisputeEvidence(c.var.ctx, c.req.param("disputeId"), c.var.operator!)));
