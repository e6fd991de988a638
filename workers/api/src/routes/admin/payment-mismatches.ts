/** `GET /api/admin/payment-mismatches`: succeeded payments whose amount, currency or customer disagreed with their payment row (services/apply-payment.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { createDb } from "../../db";
import { listPaymentMismatches } from "../../services/admin-payment-mismatches";

export const adminPaymentMismatchRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listPaymentMismatches(createDb(c.env.DB))));
