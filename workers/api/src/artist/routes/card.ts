/**
 * The card on the artist's private page: `GET /api/artist/{token}/card` answers the default card
 * (brand, last 4, expiry), `POST …/card/setup-intent` starts replacing it (a SetupIntent the browser
 * confirms with the card form) and `POST …/card {setupIntentId}` makes the confirmed card the default
 * and detaches the old one (payments/cards/replace-card.ts). The token is the credential, as for the rest
 * of the page (artist/routes/page.ts); both writes are rate-limited per artist, which only an artist
 * who once saved a confirmed card has, so they spend no budget other artists share (docs/decisions/084).
 */
import { Hono } from "hono";
import * as v from "valibot";
import type { ArtistCardResponse, ReplacedCardResponse } from "@jplay/schema/artist";
import type { ClientSecretResponse } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { stripeReady } from "../../platform/context";
import { confirmedReplacement, defaultCard, finishCardReplacement, startCardReplacement } from "../../payments/index";
import { enforceRateLimit } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";
import { HOUR_MS } from "../../platform/limits";
import { privateHeaders } from "../../platform/page-links";
import { openLink } from "./page";

const CARD_CHANGES_PER_ARTIST_PER_HOUR = 10;
const TOO_MANY_CHANGES = /*i18n*/ "Too many card changes. Please wait an hour and try again.";

const FinishCardReplacementSchema = v.object({
  setupIntentId: v.pipe(v.string(/*i18n*/ "A card setup is required."), v.regex(/^seti_[A-Za-z0-9_]{1,200}$/, /*i18n*/ "A card setup is required.")),
});

export const artistCardRoutes = new Hono<AppEnv>()
  .get("/:token/card", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    return c.json<ArtistCardResponse>({ card: await defaultCard(c.var.ctx, artistId) });
  })
  .post("/:token/card/setup-intent", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `card-replace:artist:${artistId}`,
      limit: CARD_CHANGES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR_MS,
      message: TOO_MANY_CHANGES,
    });
    return c.json<ClientSecretResponse>(await startCardReplacement(stripeReady(c.var.ctx), artistId));
  })
  .post("/:token/card", jsonBody(FinishCardReplacementSchema), async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `card-save:artist:${artistId}`,
      limit: CARD_CHANGES_PER_ARTIST_PER_HOUR * 2,
      windowMs: HOUR_MS,
      message: TOO_MANY_CHANGES,
    });
    const confirmed = await confirmedReplacement(c.var.ctx, artistId, c.req.valid("json").setupIntentId);
    const card = await finishCardReplacement(c.var.ctx, artistId, confirmed);
    return c.json<ReplacedCardResponse>({ card });
  });
