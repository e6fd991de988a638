/**
 * `POST /api/admin/sms-opt-outs {phone}`: marks a number as opted out of texts, for an artist who asked
 * another way (or a local run with no SMS provider to answer STOP to), with an audit record naming the operator.
 */
import { Hono } from "hono";
import { SmsOptOutSchema, type SmsOptOutResponse } from "@jplay/schema/text-messages";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { toE164, optOutByOperator } from "../../texts/index";
import { jsonBody } from "../../platform/validation";

export const adminSmsOptOutRoutes = new Hono<AppEnv>().post("/", jsonBody(SmsOptOutSchema), async (c) => {
  const phone = toE164(c.req.valid("json").phone);
  if (!phone) throw badRequest("Enter a phone number that can receive texts, with its country code (e.g. +1 555 010 1234).");
  await optOutByOperator(c.var.ctx, phone, c.var.operator!);
  return c.json<SmsOptOutResponse>({ phone, optedOut: true });
});
