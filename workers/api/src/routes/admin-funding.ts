/**
 * Admin: how payouts are funded. `GET /funding` — owed to artists, Stripe's balance, the shortfall to
 * top up, the provider's unsettled sales and recent settlements; `POST /settlements` — record money
 * the tablet provider settled to JPlay (idempotent by reference). Mounted by the admin API behind its
 * authentication and same-origin check (routes/admin.ts); this file only defines the routes.
 */
import { Hono } from "hono";
import { SettlementSchema } from "@jplay/schema/funding";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { createStripe } from "../payments/stripe-client";
import { readPayoutFunding } from "../services/payout-funding";
import { recordProviderSettlement } from "../services/provider-settlements";
import { jsonBody } from "../validation";

export const adminFundingRoutes = new Hono<AppEnv>()
  .get("/funding", async (c) => c.json(await readPayoutFunding(createDb(c.env.DB), () => createStripe(c.env))))
  .post("/settlements", jsonBody(SettlementSchema), async (c) => {
    const answer = await recordProviderSettlement(createDb(c.env.DB), c.req.valid("json"));
    return c.json(answer, answer.recorded ? 201 : 200);
  });
