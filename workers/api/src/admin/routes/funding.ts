/**
 * `GET /api/admin/funding`: how payouts are funded — owed to artists, Stripe's balance, the shortfall to
 * top up, the provider's unsettled sales and recent settlements (docs/decisions/021-platform-balance-and-settlements.md).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { readPayoutFunding } from "../../ledger/index";

export const adminFundingRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await readPayoutFunding(c.var.ctx)));
