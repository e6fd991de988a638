/**
 * `POST /api/create-setup-intent` (docs/product.md, Calls): the SetupIntent the payment-setup card
 * confirms. So that the form cannot be used to test stolen cards in bulk, setup intents are limited
 * per client address (an IPv6 /64: a burst a minute counted by Cloudflare before D1, then an hourly
 * limit in D1) and have a ceiling per minute over all clients together that no
 * number of addresses gets around; a SetupIntent declined a few times is canceled
 * (payments/setup-intent-failures.ts). The numbers are in src/platform/limits.ts, the reasoning in the README's
 * "Security" section.
 */
import { Hono } from "hono";
import { CreateSetupIntentSchema } from "@jplay/schema/distribution";
import type { CreateSetupIntentResponse } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { BUSY_SETUP_MESSAGE, HOUR_MS, MINUTE_MS, setupIntentsPerAddressPerHour, setupIntentsPerMinute } from "../../platform/limits";
import { readSessionCustomer, startSession } from "../../access/index";
import { createSetupIntent } from "../payment-setup";
import { enforceClientBurstLimit } from "../../platform/client-bursts";
import { clientAddress, enforceRateLimit } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";

export const createSetupIntentRoutes = new Hono<AppEnv>().post("/", jsonBody(CreateSetupIntentSchema), async (c) => {
  // A flood from one client is refused before any D1 statement (platform/client-bursts.ts).
  await enforceClientBurstLimit(c.var.ctx, "setup-intent", c.req.raw.headers);
  await enforceRateLimit(c.var.ctx, {
    key: `setup-intent:ip:${clientAddress(c.req.raw.headers)}`,
    limit: setupIntentsPerAddressPerHour(c.env),
    windowMs: HOUR_MS,
    message: /*i18n*/ "Too many payment setup attempts from your network. Please wait an hour and try again.",
  });
  // Counted only for callers under their own limit, so one address cannot use up everyone's.
  await enforceRateLimit(c.var.ctx, { key: "setup-intent:all", limit: setupIntentsPerMinute(c.env), windowMs: MINUTE_MS, message: BUSY_SETUP_MESSAGE });
  const { paymentFrequency } = c.req.valid("json");
  const sessionCustomer = await readSessionCustomer(c);
  const result = await createSetupIntent(c.var.ctx, sessionCustomer, paymentFrequency);
  if (result.customerId !== sessionCustomer) await startSession(c, result.customerId);
  return c.json<CreateSetupIntentResponse>(result);
});
