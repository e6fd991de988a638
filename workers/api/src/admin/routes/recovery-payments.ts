/** `GET /api/admin/recovery-payments`: the discounted recovery payments with the decline that opened each (payments/admin/admin-recovery-payments.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { listRecoveryPayments } from "../../payments/index";

export const adminRecoveryPaymentRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listRecoveryPayments(c.var.ctx)));
