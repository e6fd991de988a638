/** `GET /api/admin/payment-mismatches`: succeeded payments whose amount, currency or customer disagreed with their payment row (payments/checkout/apply-payment.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { listPaymentMismatches } from "../../payments/index";

export const adminPaymentMismatchRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listPaymentMismatches(c.var.ctx)));
