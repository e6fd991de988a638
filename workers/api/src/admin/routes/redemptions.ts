/** `GET /api/admin/redemptions`: receipt redemptions per enrolled provider (provider/receipts/admin-receipts.ts). */
import { Hono } from "hono";
import type { AdminRedemptionsByProvider } from "@jplay/schema/receipts";
import type { AppEnv } from "../../platform/env";
import { redemptionsByProvider } from "../../provider/index";

export const adminRedemptionRoutes = new Hono<AppEnv>().get("/", async (c) => c.json<AdminRedemptionsByProvider>(await redemptionsByProvider(c.var.ctx)));
