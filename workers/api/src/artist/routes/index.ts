/** /api/artist/{token}: the artist's private page (page.ts), its card (card.ts), phone (phone.ts), monthly statements (statements.ts), same-day sales (sales.ts), songs' royalty splits (splits.ts) and sound checks (song-audio-check.ts); the token is the credential. */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { artistCardRoutes } from "./card";
import { artistPageRoutes } from "./page";
import { artistPhoneRoutes } from "./phone";
import { artistSalesRoutes } from "./sales";
import { artistSplitRoutes } from "./splits";
import { artistStatementRoutes } from "./statements";
import { artistSongAudioCheckRoutes } from "./song-audio-check";

export const artistRoutes = new Hono<AppEnv>()
  .route("/", artistPageRoutes)
  .route("/", artistCardRoutes)
  .route("/", artistPhoneRoutes)
  .route("/", artistStatementRoutes)
  .route("/", artistSalesRoutes)
  .route("/", artistSongAudioCheckRoutes)
  .route("/", artistSplitRoutes);
