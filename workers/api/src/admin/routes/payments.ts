/**
 * /api/admin/payments: the record per saved card (`GET /?q=&cursor=&limit=`, a page of artists with the
 * next page's cursor, searched on the server: payments/admin/admin-payments.ts), counting its summary again
 * at the operator's Refresh (`POST /summary`, payments/admin/admin-summary-counts.ts), and retrying failed charges — `POST /retry`
 * records a batch and queues one `admin.charge` job per item (each charged off-session at most once, at
 * the server's amount; one audit record per item names the operator), `GET /retry/{batchId}` answers its
 * progress (payments/admin/admin-retry.ts).
 */
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../../platform/env";
import {
  listAdminPayments,
  recountAdminSummary,
  createRetryBatch,
  NO_FAILED_PAYMENTS_MESSAGE,
  readRetryBatch,
  RETRY_BATCH_MAX_ITEMS,
} from "../../payments/index";
import { jsonBody } from "../../platform/validation";
import type { AdminSummaryRecountResponse } from "@jplay/schema/admin";

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

export const adminPaymentRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listAdminPayments(c.var.ctx, { q: c.req.query("q"), cursor: c.req.query("cursor"), limit: c.req.query("limit") })))
  .post("/summary", async (c) => c.json({ summary: await recountAdminSummary(c.var.ctx) } satisfies AdminSummaryRecountResponse))
  .post("/retry", jsonBody(RetryRequestSchema), async (c) => c.json(await createRetryBatch(c.var.ctx, c.req.valid("json").payments, c.var.operator!)))
  .get("/retry/:batchId", async (c) => c.json(await readRetryBatch(c.var.ctx, c.req.param("batchId"))));
