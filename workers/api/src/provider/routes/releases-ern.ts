/**
 * The delivery feed as DDEX ERN 4.3: `GET /api/provider/releases/ern?since=<cursor>&limit=<n>`, signed,
 * paged and cursored exactly as the JSON feed (releases.ts), each change carrying one complete
 * NewReleaseMessage in a JSON envelope (provider/ern/feed-page.ts; docs/catalogue-and-provider-api.md, "DDEX ERN feed").
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { isDevelopment } from "../../platform/environment";
import { buildErnFeedPage, ddexParties } from "../ern/index";
import { readFeedEntries } from "../delivery-feed";
import { readSignedFeedRequest } from "./releases";

export const providerErnReleaseRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { query, signLink } = await readSignedFeedRequest(c);
  const parties = ddexParties(c.env);
  const entries = await readFeedEntries(c.var.ctx, query);
  const page = await buildErnFeedPage(entries, { ...parties, control: isDevelopment(c.env) ? "TestMessage" : "LiveMessage" }, signLink);
  c.header("Cache-Control", "private, no-store");
  return c.json(page);
});
