/** POST /api/get-or-create-subscription (docs/product.md, Screens; Calls): the session artist's Pro subscription to pay. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { createStripe } from "../payments/stripe-client";
import { rethrowProviderFailure } from "../payments/provider-unavailable";
import { requireSessionArtist } from "../services/artist-session";
import { getOrCreateSubscription } from "../services/pro-subscription";

export const getOrCreateSubscriptionRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const db = createDb(c.env.DB);
  const artist = await requireSessionArtist(c, db);
  return c.json(await getOrCreateSubscription({ db, stripe: createStripe(c.env) }, artist).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId"))));
});
