/**
 * /api/admin/receipts: listeners' receipts as operators handle them (provider/receipts/admin-receipts.ts).
 * - `GET /receipts/{id}`: a receipt's state, redemptions, failed downloads and credit.
 * - `POST /receipts/{id}/revoke {reason}`: stops its redemption; the receipt keeps who, when and why.
 */
import { Hono } from "hono";
import { type AdminReceipt, RevokeReceiptSchema } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { jsonBody } from "../../platform/validation";
import { adminReceipt, revokeReceipt } from "../../provider/index";

export const adminReceiptRoutes = new Hono<AppEnv>()
  .get("/:receiptId", async (c) => c.json<AdminReceipt>(await adminReceipt(c.var.ctx, c.req.param("receiptId"))))
  .post("/:receiptId/revoke", jsonBody(RevokeReceiptSchema), async (c) =>
    c.json<AdminReceipt>(await revokeReceipt(c.var.ctx, c.req.param("receiptId"), { reason: c.req.valid("json").reason, operator: c.var.operator! })),
  );
