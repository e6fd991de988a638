/** `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the song's, not credited (services/record-purchases.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { createDb } from "../../db";
import { listPurchaseMismatches } from "../../services/admin-purchase-mismatches";

export const adminPurchaseMismatchRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await listPurchaseMismatches(createDb(c.env.DB))));
