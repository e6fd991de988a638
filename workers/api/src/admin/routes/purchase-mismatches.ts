/** `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the song's, not credited (provider/record-purchases.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { listPurchaseMismatches } from "../../ledger/index";

export const adminPurchaseMismatchRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listPurchaseMismatches(c.var.ctx)));
