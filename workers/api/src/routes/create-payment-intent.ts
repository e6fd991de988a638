/** POST /api/create-payment-intent (docs/product.md, Screens; Calls): the one-off /checkout payment, session artist only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { badRequest } from "../errors";
import type { JobQueue } from "../jobs/job";
import { createStripe } from "../payments/stripe-client";
import { rethrowProviderFailure } from "../payments/provider-unavailable";
import { requireSessionArtist } from "../services/artist-session";
import { createCheckoutPayment } from "../services/checkout-payment";

export const createPaymentIntentRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const db = createDb(c.env.DB);
  const artist = await requireSessionArtist(c, db);
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
  const deps = { db, jobs: c.env.JOBS as JobQueue, stripe: createStripe(c.env) };
  return c.json(await createCheckoutPayment(deps, artist, (body as { amount?: unknown }).amount).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId"))));
});
