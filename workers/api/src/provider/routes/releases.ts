/**
 * The tablet provider's delivery feed: `GET /api/provider/releases?since=<cursor>&limit=<n>` pages
 * through every change to the catalogue (releases and takedowns, in order), signed like purchase
 * reports but over the request's method, path and query (it has no body). Each release carries the
 * signed, expiring media links that provider/routes/media.ts serves
 * (docs/decisions/050-provider-delivery-feed.md; docs/catalogue-and-provider-api.md, "Releases").
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { FeedQuerySchema, type FeedQuery } from "@jplay/schema/provider-feed";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { readDeliveryFeed } from "../delivery-feed";
import { mediaLinkExpiry, mediaLinkSigner } from "../provider-media-links";
import { authenticateProvider } from "../enrolled-providers";
import { providerSecret } from "../provider-signature";

function parseFeedQuery(params: URLSearchParams): FeedQuery {
  const entries = [...params];
  const query = Object.fromEntries(entries);
  if (Object.keys(query).length !== entries.length) throw badRequest("Each query parameter may be given once");
  const parsed = v.safeParse(FeedQuerySchema, query);
  if (!parsed.success) throw badRequest(firstIssue(parsed.issues));
  return parsed.output;
}

/**
 * What both feeds do before reading: authenticate the request (signed over its method, path and
 * query), parse its query and make the signer of this page's media links.
 */
export async function readSignedFeedRequest(c: Context<AppEnv>) {
  const now = c.var.ctx.now();
  const secret = providerSecret(c.env, "The delivery feed is not available");
  const url = new URL(c.req.url);
  // Signed over the path and query exactly as they arrived, e.g. "/api/provider/releases?since=0&limit=100".
  await authenticateProvider(c, "", "The delivery feed is not available", { primaryOnly: true });
  const query = parseFeedQuery(url.searchParams);
  const signLink = await mediaLinkSigner(secret, c.env.APP_ORIGIN ?? url.origin, mediaLinkExpiry(now));
  return { query, signLink };
}

export const providerReleaseRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { query, signLink } = await readSignedFeedRequest(c);
  const page = await readDeliveryFeed(c.var.ctx, query, signLink);
  c.header("Cache-Control", "private, no-store");
  return c.json(page);
});
