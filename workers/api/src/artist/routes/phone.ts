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
import { artistPhone, confirmPhoneCode, phoneCodeAsks, phoneCodeTries, sendPhoneCode } from "../../texts/index";
import { enforceRateLimit } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";
import { privateHeaders } from "../../platform/page-links";
import { openLink } from "./page";

export const artistPhoneRoutes = new Hono<AppEnv>()
  .get("/:token/phone", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    return c.json<ArtistPhoneResponse>({ phone: await artistPhone(c.var.ctx, artistId) });
  })
  .post("/:token/phone/code", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, phoneCodeAsks(`artist:${artistId}`));
    return c.json<PhoneCodeSentResponse>(await sendPhoneCode(c.var.ctx, artistId));
  })
  .post("/:token/phone/confirm", jsonBody(ConfirmPhoneSchema), async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, phoneCodeTries(`artist:${artistId}`));
    return c.json<ArtistPhoneResponse>({ phone: await confirmPhoneCode(c.var.ctx, artistId, c.req.valid("json").code) });
  });
