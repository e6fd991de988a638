/** /api/provider: the tablet provider's calls — purchase reports, the delivery feed (JSON and DDEX ERN) and its signed media links (README, "Sales" and "Releases"). */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { providerMediaRoutes } from "./media";
import { providerPurchaseRoutes } from "./purchases";
import { providerErnReleaseRoutes } from "./releases-ern";
import { providerReleaseRoutes } from "./releases";

export const providerRoutes = new Hono<AppEnv>()
  .route("/purchases", providerPurchaseRoutes)
  .route("/releases", providerReleaseRoutes)
  .route("/releases/ern", providerErnReleaseRoutes)
  .route("/media", providerMediaRoutes);
