/**
 * `POST /api/create-setup-intent` (docs/product.md, Calls): the SetupIntent the payment-setup card
 * confirms. So that the form cannot be used to test stolen cards in bulk, a flood from one client (an
 * IPv6 /64) is refused before D1 (platform/client-bursts.ts); past a few setup intents an hour, or
 * while all clients together are past their card checks a minute, each needs a passed Turnstile
 * challenge; past the hourly limit that client alone is refused (payments/cards/setup-challenges.ts). A
 * setup intent costs an attacker nothing, so it spends no budget other clients share. A SetupIntent
 * declined a few times is canceled (payments/cards/setup-intent-failures.ts). The numbers are in
 * src/platform/limits.ts, the reasoning in docs/decisions/084 and docs/security.md.
 */
import { Hono } from "hono";
import { CreateSetupIntentSchema } from "@jplay/schema/distribution";
import type { CreateSetupIntentResponse } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { readSessionCustomer, startSession } from "../../access/index";
import { createSetupIntent } from "../cards/payment-setup";
import { admitSetupIntent } from "../cards/setup-challenges";
import { enforceClientBurstLimit } from "../../platform/client-bursts";
import { jsonBody } from "../../platform/validation";

export const createSetupIntentRoutes = new Hono<AppEnv>().post("/", jsonBody(CreateSetupIntentSchema), async (c) => {
  // A flood from one client is refused before any D1 statement (platform/client-bursts.ts).
  await enforceClientBurstLimit(c.var.ctx, "setup-intent", c.req.raw.headers);
  await admitSetupIntent(c.var.ctx, c.req.raw.headers);
  const { paymentFrequency } = c.req.valid("json");
  const sessionCustomer = await readSessionCustomer(c);
  const result = await createSetupIntent(c.var.ctx, sessionCustomer, paymentFrequency);
  if (result.customerId !== sessionCustomer) await startSession(c, result.customerId);
  return c.json<CreateSetupIntentResponse>(result);
});
