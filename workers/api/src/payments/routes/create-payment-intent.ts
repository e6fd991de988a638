/** POST /api/create-payment-intent (docs/product.md, Screens; Calls): the one-off /checkout payment, session artist only. */
import { Hono } from "hono";
import type { CheckoutPaymentResponse } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { stripeReady } from "../../platform/context";
import { rethrowProviderFailure } from "../../platform/provider-unavailable";
import { requireSessionArtist } from "../../access/index";
import { createCheckoutPayment } from "../checkout/checkout-payment";

export const createPaymentIntentRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const artist = await requireSessionArtist(c);
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest(/*i18n*/ "Send a JSON object.");
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest(/*i18n*/ "Send a JSON object.");
  return c.json<CheckoutPaymentResponse>(
    await createCheckoutPayment(stripeReady(c.var.ctx), artist, (body as { amount?: unknown }).amount).catch((error: unknown) =>
      rethrowProviderFailure(error, c.get("requestId")),
    ),
  );
});
