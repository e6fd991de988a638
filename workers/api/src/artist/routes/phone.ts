/**
 * The phone on the artist's private page (texts/phone-confirmation.ts): `GET /api/artist/{token}/phone`
 * answers the number (last digits only) and whether it is confirmed, `POST …/phone/code` texts a code
 * to it and `POST …/phone/confirm {code}` confirms it, after which texts carry the page's link. The
 * token is the credential, as for the rest of the page; codes are limited per artist (each is a text
 * we pay for) and so are tries.
 */
import { Hono } from "hono";
import type { ArtistPhoneResponse, PhoneCodeSentResponse } from "@jplay/schema/phone-confirmation";
import { ConfirmPhoneSchema } from "@jplay/schema/phone-confirmation";
import type { AppEnv } from "../../platform/env";
import { artistPhone, confirmPhoneCode, sendPhoneCode } from "../../texts/index";
import { enforceRateLimit } from "../../platform/rate-limit";
import { HOUR_MS } from "../../platform/limits";
import { jsonBody } from "../../platform/validation";
import { privateHeaders } from "../../platform/page-links";
import { openLink } from "./page";

const CODES_PER_ARTIST_PER_HOUR = 3;
const TRIES_PER_ARTIST_PER_HOUR = 20;

export const artistPhoneRoutes = new Hono<AppEnv>()
  .get("/:token/phone", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    return c.json<ArtistPhoneResponse>({ phone: await artistPhone(c.var.ctx, artistId) });
  })
  .post("/:token/phone/code", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `phone-code:artist:${artistId}`,
      limit: CODES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR_MS,
      message: /*i18n*/ "Too many codes asked for. Please wait an hour and try again.",
    });
    return c.json<PhoneCodeSentResponse>(await sendPhoneCode(c.var.ctx, artistId));
  })
  .post("/:token/phone/confirm", jsonBody(ConfirmPhoneSchema), async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `phone-confirm:artist:${artistId}`,
      limit: TRIES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR_MS,
      message: /*i18n*/ "Too many codes tried. Please wait an hour and try again.",
    });
    return c.json<ArtistPhoneResponse>({ phone: await confirmPhoneCode(c.var.ctx, artistId, c.req.valid("json").code) });
  });
