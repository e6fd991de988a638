/**
 * `POST /api/admin/settlements {amountCents, settledOn, reference}`: records money the tablet provider
 * settled to JPlay, once per reference (201 recorded, 200 already recorded; ledger/provider-settlements.ts),
 * with an audit record naming the operator.
 */
import { Hono } from "hono";
import { SettlementSchema } from "@jplay/schema/funding";
import type { AppEnv } from "../../platform/env";
import { recordProviderSettlement } from "../../ledger/index";
import { jsonBody } from "../../platform/validation";

export const adminSettlementRoutes = new Hono<AppEnv>().post("/", jsonBody(SettlementSchema), async (c) => {
  const answer = await recordProviderSettlement(c.var.ctx, c.req.valid("json"), c.var.operator!);
  return c.json(answer, answer.recorded ? 201 : 200);
});
