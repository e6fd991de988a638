/** /api/provider: the tablet provider's calls — purchase reports, the delivery feed and its signed media links (README, "Sales" and "Releases"). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { providerMediaRoutes } from "./media";
import { providerPurchaseRoutes } from "./purchases";
import { providerReleaseRoutes } from "./releases";

export const providerRoutes = new Hono<AppEnv>()
  .route("/purchases", providerPurchaseRoutes)
  .route("/releases", providerReleaseRoutes)
  .route("/media", providerMediaRoutes);
