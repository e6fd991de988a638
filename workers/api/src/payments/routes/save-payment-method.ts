/**
 * `POST /api/save-payment-method` (docs/product.md, Calls): the confirmed card becomes the artist's.
 * A flood from one client address is refused first, before any D1 statement (platform/client-bursts.ts);
 * then a phone number JPlay does not text (another country, not a number). Save attempts are
 * limited per session and per client address, and past a few an hour from one client, or while all
 * clients together are past their card checks a minute, each needs a passed Turnstile challenge
 * (payments/cards/setup-challenges.ts). Only a card Stripe confirmed for the session's customer, saved by
 * that customer for the first time, then counts against what others share: the limit per phone and
 * the card checks of all clients (docs/decisions/084; a card saved again counts once). Saving replaces
 * this browser's session with one bound to the artist and answers (and texts) the artist's private
 * page link, which this browser keeps in its HttpOnly cookie (access/artist-link-cookie.ts).
 */
import { Hono } from "hono";
import { SavePaymentMethodSchema } from "@jplay/schema/distribution";
import type { SavePaymentMethodResponse } from "@jplay/schema/payments";
import type { AppEnv } from "../../platform/env";
import { badRequest, forbidden } from "../../platform/errors";
import { HOUR_MS, SAVES_PER_PHONE_PER_HOUR } from "../../platform/limits";
import { artistLinkTtlMs, artistPagePath, issueArtistLink, readSessionCustomer, rotateSession, sendArtistLinkCookie } from "../../access/index";
import { syncArtistPayoutSchedule } from "../../ledger/index";
import { servedSmsCountries, textCardSaved, textsReach, toE164 } from "../../texts/index";
import { confirmedSetupCard, savePaymentMethod, savedBefore } from "../cards/payment-setup";
import { admitCardSave, countCardCheck } from "../cards/setup-challenges";
import { enforceClientBurstLimit } from "../../platform/client-bursts";
import { enforceRateLimit } from "../../platform/rate-limit";
import { requestLanguage } from "../../platform/request-language";
import { jsonBody } from "../../platform/validation";

export const savePaymentMethodRoutes = new Hono<AppEnv>().post("/", jsonBody(SavePaymentMethodSchema), async (c) => {
  const ctx = c.var.ctx;
  const input = c.req.valid("json");
  // A flood from one client is refused before any D1 statement, the session's look-up included
  // (platform/client-bursts.ts).
  await enforceClientBurstLimit(ctx, "save-card", c.req.raw.headers);
  if ((await readSessionCustomer(c)) !== input.customerId) {
    throw forbidden(/*i18n*/ "This payment setup belongs to another session. Please reload the page and try again.");
  }
  // A number JPlay cannot text, or one in a country it does not text, is refused before anything is
  // counted or saved: nobody can point our texts at premium-rate numbers abroad (texts/sms-countries.ts).
  const phone = toE164(input.phoneNumber);
  if (!phone || !textsReach(c.env, phone)) {
    throw badRequest(/*i18n*/ "Enter a mobile number in {countries}: JPlay texts you about your songs and payments there.", {
      countries: servedSmsCountries(c.env).join(", "),
    });
  }
  // First the budgets only this caller uses up, its session (the customer it is bound to) and its
  // address, with a challenge past the free attempts or while the service is busy.
  await admitCardSave(ctx, c.req.raw.headers, input.customerId);
  // Then Stripe's word that the card was set up for this customer: a made-up or foreign payment
  // method is refused here, so only saves an attacker paid a card check for reach the shared budgets,
  // and a card this customer saved before reaches them once.
  const confirmed = await confirmedSetupCard(ctx, input.customerId, input.paymentMethodId);
  if (!(await savedBefore(ctx, input.customerId, confirmed))) {
    await enforceRateLimit(ctx, {
      key: `save-card:phone:${input.phoneNumber.replace(/\D/g, "")}`,
      limit: SAVES_PER_PHONE_PER_HOUR,
      windowMs: HOUR_MS,
      message: /*i18n*/ "Too many cards saved for this phone number. Please wait an hour and try again.",
    });
    await countCardCheck(ctx);
  }
  const saved = await savePaymentMethod(ctx, { ...input, language: requestLanguage(c) }, confirmed);
  // A card saved: this browser's session is replaced by one bound to the artist.
  await rotateSession(c, input.customerId, saved.artistId);
  await syncArtistPayoutSchedule(ctx, saved.artistId);
  // The artist's private page: a new link each time a card is saved (earlier links keep working).
  const token = await issueArtistLink(ctx, saved.artistId);
  const artistPageUrl = artistPagePath(token);
  // This browser keeps it in the HttpOnly cookie: the app opens /artist and stores no link (docs/decisions/088).
  sendArtistLinkCookie(c, token, artistLinkTtlMs(c.env));
  // The same link by text, so a cleared browser does not lose the page (docs/decisions/026-texts-to-artists.md).
  await textCardSaved(ctx, {
    artistId: saved.artistId,
    paymentMethodId: input.paymentMethodId,
    artistPageUrl: new URL(artistPageUrl, c.env.APP_ORIGIN ?? c.req.url).href,
  });
  return c.json<SavePaymentMethodResponse>({ brand: saved.brand, last4: saved.last4, artistPageUrl });
});
