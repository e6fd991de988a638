/**
 * /api/provider: the tablet provider's calls — purchase reports, the delivery feed (JSON and DDEX ERN)
 * and its signed media links (docs/catalogue-and-provider-api.md, "Sales" and "Releases"); an enrolled provider's receipt
 * redemptions, listener libraries, their download links and failed downloads, for the listeners it
 * holds, and the transfer codes that move a listener between providers (docs/catalogue-and-provider-api.md, "Receipts"); and the
 * tablet app's Library for a listener the provider signed a token for.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { providerDownloadFailureRoutes } from "./download-failures";
import { providerLibraryMediaRoutes } from "./library-media";
import { providerListenerTransferRoutes } from "./listener-transfers";
import { providerListenerRoutes } from "./listeners";
import { providerMediaRoutes } from "./media";
import { providerPurchaseRoutes } from "./purchases";
import { providerErnReleaseRoutes } from "./releases-ern";
import { providerRedeemRoutes } from "./redeem";
import { providerReleaseRoutes } from "./releases";
import { providerTabletLibraryRoutes } from "./tablet-library";
import { providerTransferCodeRoutes } from "./transfer-codes";

export const providerRoutes = new Hono<AppEnv>()
  .route("/purchases", providerPurchaseRoutes)
  .route("/releases", providerReleaseRoutes)
  .route("/releases/ern", providerErnReleaseRoutes)
  .route("/media", providerMediaRoutes)
  .route("/redeem", providerRedeemRoutes)
  .route("/listeners", providerListenerRoutes)
  .route("/library-media", providerLibraryMediaRoutes)
  .route("/download-failures", providerDownloadFailureRoutes)
  .route("/tablet-library", providerTabletLibraryRoutes)
  .route("/transfer-codes", providerTransferCodeRoutes)
  .route("/listener-transfers", providerListenerTransferRoutes);
