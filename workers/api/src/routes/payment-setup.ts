/**
 * /api/config, /api/create-setup-intent and /api/save-payment-method (docs/product.md, Calls): what the
 * payment-setup card calls. So that the form cannot be used to test stolen cards in bulk, setup
 * intents are rate-limited per client address (an IPv6 /64) and saves per phone, and both have a
 * ceiling per minute over all clients together that no number of addresses gets around; a
 * SetupIntent declined a few times is canceled (services/setup-intent-failures.ts). The numbers are
 * in src/limits.ts, the reasoning in the README's "Security" section.
 */
import { Hono } from "hono";
import type { PublicConfig } from "@jplay/schema/payments";
import { CreateSetupIntentSchema, SavePaymentMethodSchema } from "@jplay/schema/distribution";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { forbidden } from "../errors";
import { createStripe, usesSandbox } from "../payments/stripe-client";
import { artistPagePath, issueArtistLink } from "../services/artist-links";
import { readSessionCustomer, rotateSession, startSession } from "../services/artist-session";
import { syncArtistPayoutSchedule } from "../services/connect-accounts";
import { createSetupIntent, savePaymentMethod } from "../services/payment-setup";
import { textCardSaved } from "../services/event-texts";
import type { JobQueue } from "../jobs/job";
import { HOUR_MS, MINUTE_MS, SAVES_PER_PHONE_PER_HOUR, cardSavesPerMinute, setupIntentsPerAddressPerHour, setupIntentsPerMinute } from "../limits";
import { clientAddress, enforceRateLimit } from "../services/rate-limit";
import { jsonBody } from "../validation";

export { SAVES_PER_PHONE_PER_HOUR, SETUP_INTENTS_PER_ADDRESS_PER_HOUR } from "../limits";

export const BUSY_SETUP_MESSAGE = "Too many artists are setting up payments right now. Please wait a minute and try again.";
export const BUSY_SAVE_MESSAGE = "Too many cards are being saved right now. Please wait a minute and try again.";

export const paymentSetupRoutes = new Hono<AppEnv>()
  .get("/config", (c) => {
    const config: PublicConfig = usesSandbox(c.env)
      ? { payments: { mode: "sandbox" } }
      : { payments: { mode: "stripe", publishableKey: c.env.STRIPE_PUBLISHABLE_KEY ?? "" } };
    return c.json(config);
  })
  .post("/create-setup-intent", jsonBody(CreateSetupIntentSchema), async (c) => {
    await enforceRateLimit(c.env.DB, {
      key: `setup-intent:ip:${clientAddress(c.req.raw.headers)}`,
      limit: setupIntentsPerAddressPerHour(c.env),
      windowMs: HOUR_MS,
      message: "Too many payment setup attempts from your network. Please wait an hour and try again.",
    });
    // Counted only for callers under their own limit, so one address cannot use up everyone's.
    await enforceRateLimit(c.env.DB, { key: "setup-intent:all", limit: setupIntentsPerMinute(c.env), windowMs: MINUTE_MS, message: BUSY_SETUP_MESSAGE });
    const { paymentFrequency } = c.req.valid("json");
    const sessionCustomer = await readSessionCustomer(c);
    const result = await createSetupIntent(createStripe(c.env), sessionCustomer, paymentFrequency);
    if (result.customerId !== sessionCustomer) await startSession(c, result.customerId);
    return c.json(result);
  })
  .post("/save-payment-method", jsonBody(SavePaymentMethodSchema), async (c) => {
    const input = c.req.valid("json");
    if ((await readSessionCustomer(c)) !== input.customerId) {
      throw forbidden("This payment setup belongs to another session. Please reload the page and try again.");
    }
    await enforceRateLimit(c.env.DB, {
      key: `save-card:phone:${input.phoneNumber.replace(/\D/g, "")}`,
      limit: SAVES_PER_PHONE_PER_HOUR,
      windowMs: HOUR_MS,
      message: "Too many cards saved for this phone number. Please wait an hour and try again.",
    });
    await enforceRateLimit(c.env.DB, { key: "save-card:all", limit: cardSavesPerMinute(c.env), windowMs: MINUTE_MS, message: BUSY_SAVE_MESSAGE });
    const stripe = createStripe(c.env);
    const db = createDb(c.env.DB);
    const saved = await savePaymentMethod(stripe, db, input);
    // A card saved: this browser's session is replaced by one bound to the artist.
    await rotateSession(c, input.customerId, saved.artistId);
    await syncArtistPayoutSchedule(stripe, db, saved.artistId);
    // The artist's private page: a new link each time a card is saved (earlier links keep working).
    const artistPageUrl = artistPagePath(await issueArtistLink(db, saved.artistId));
    // The same link by text, so a cleared browser does not lose the page (docs/decisions/026-texts-to-artists.md).
    await textCardSaved(db, c.env.JOBS as JobQueue, { artistId: saved.artistId, paymentMethodId: input.paymentMethodId, artistPageUrl: new URL(artistPageUrl, c.env.APP_ORIGIN ?? c.req.url).href });
    return c.json({ brand: saved.brand, last4: saved.last4, artistPageUrl });
  });
