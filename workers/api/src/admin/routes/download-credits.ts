/**
 * /api/admin/download-credits: failed-download credits waiting for an operator because their provider
 * reached its daily cap (provider/receipts/download-credit-review.ts).
 * - `GET /download-credits`: the queue, oldest first, with the number waiting.
 * - `POST /download-credits/{receiptId}/approve`: writes the credit to the ledger, once.
 * - `POST /download-credits/{receiptId}/deny`: it is never written.
 */
import { Hono } from "hono";
import type { AdminDownloadCredit, AdminDownloadCreditQueue } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { approveDownloadCredit, denyDownloadCredit, downloadCreditQueue } from "../../provider/index";

export const adminDownloadCreditRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<AdminDownloadCreditQueue>(await downloadCreditQueue(c.var.ctx)))
  .post("/:receiptId/approve", async (c) => c.json<AdminDownloadCredit>(await approveDownloadCredit(c.var.ctx, c.req.param("receiptId"), c.var.operator!)))
  .post("/:receiptId/deny", async (c) => c.json<AdminDownloadCredit>(await denyDownloadCredit(c.var.ctx, c.req.param("receiptId"), c.var.operator!)));
