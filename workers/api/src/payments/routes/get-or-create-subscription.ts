/** POST /api/get-or-create-subscription (docs/product.md, Screens; Calls): the session artist's Pro subscription to pay. */
import { Hono } from "hono";
import type { ClientSecretResponse } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { rethrowProviderFailure } from "../../platform/provider-unavailable";
import { requireSessionArtist } from "../../access/index";
import { getOrCreateSubscription } from "../pro/pro-subscription";

export const getOrCreateSubscriptionRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const artist = await requireSessionArtist(c);
  return c.json<ClientSecretResponse>(
    await getOrCreateSubscription(c.var.ctx, artist).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId"))),
  );
});
